/**
 * Reads back the CSV the list exports write (`@quote/core/shared/csv`): `;`-separated,
 * CRLF-ended records, RFC 4180 quoting. A reader of its own (not the writer's code run
 * backwards), so a test sees what a spreadsheet would.
 */
export const csvRecords = (text: string): Array<Array<string>> => {
  const records: Array<Array<string>> = []
  let record: Array<string> = []
  let field = ""
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char === "\"" && text[i + 1] === "\"") {
        field += "\""
        i++
      } else if (char === "\"") quoted = false
      else field += char
    } else if (char === "\"" && field === "") quoted = true
    else if (char === ";") {
      record.push(field)
      field = ""
    } else if (char === "\r" && text[i + 1] === "\n") {
      record.push(field)
      records.push(record)
      record = []
      field = ""
      i++
    } else field += char
  }
  if (field !== "" || record.length > 0) throw new Error(`the CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`)
  return records
}

/** The UTF-8 byte-order mark Excel needs to read the file as UTF-8. */
export const startsWithBom = (bytes: Uint8Array): boolean => bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
