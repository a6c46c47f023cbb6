/**
 * Streaming reader of delimited text as spreadsheets export it: a header row, then one
 * record per row; UTF-8 with or without a byte-order mark; fields separated by commas or
 * by semicolons (Colombian spreadsheets use `;` because `,` is the decimal mark), the
 * delimiter taken from the header row. Quoted fields follow RFC 4180 (`""` is a quote,
 * and a quoted field may span lines). Fed chunk by chunk, so a file of any size is read
 * in constant memory; each record carries the line it starts on, for error reports.
 */

export interface TextRecord {
  /** 1-based line of the file where the record starts. */
  readonly line: number
  readonly fields: ReadonlyArray<string>
}

export interface TextProblem {
  readonly line: number
  readonly message: string
}

const BOM = "\uFEFF"

/** The delimiter of a header line: the one of `;` and `,` that occurs more often outside quotes. */
export const detectDelimiter = (headerLine: string): "," | ";" => {
  let commas = 0
  let semicolons = 0
  let quoted = false
  for (const char of headerLine) {
    if (char === "\"") quoted = !quoted
    else if (!quoted && char === ",") commas++
    else if (!quoted && char === ";") semicolons++
  }
  return semicolons > commas ? ";" : ","
}

export class DelimitedTextReader {
  private delimiter: string | undefined
  private pending = ""
  private started = false
  private line = 1
  private recordLine = 1
  private field = ""
  private fields: Array<string> = []
  private quoted = false
  /** Inside a quoted field: the previous character was a quote (an escape or the end). */
  private quoteSeen = false
  private fieldStarted = false
  /** The field's last character is a `\r` read outside quotes (half of a CRLF line end). */
  private bareCarriageReturn = false
  readonly problems: Array<TextProblem> = []

  /** Consumes a chunk; returns the records it completed. */
  push(chunk: string): Array<TextRecord> {
    let text = chunk
    if (!this.started) {
      text = this.pending + text
      if (text.length === 0) return []
      if (text.startsWith(BOM)) text = text.slice(1)
      const firstBreak = text.indexOf("\n")
      if (firstBreak === -1) {
        this.pending = text
        return []
      }
      this.delimiter = detectDelimiter(text.slice(0, firstBreak))
      this.started = true
      this.pending = ""
    }
    return this.scan(text)
  }

  /** Ends the input; returns the last record, if any. */
  end(): Array<TextRecord> {
    const records: Array<TextRecord> = []
    if (!this.started) {
      const text = this.pending.startsWith(BOM) ? this.pending.slice(1) : this.pending
      this.delimiter = detectDelimiter(text)
      this.started = true
      this.pending = ""
      records.push(...this.scan(text))
    }
    if (this.quoted && !this.quoteSeen) {
      this.problems.push({ line: this.recordLine, message: "a quoted field is not closed before the end of the file" })
    }
    if (this.fieldStarted || this.fields.length > 0) {
      this.fields.push(this.bareCarriageReturn ? this.field.slice(0, -1) : this.field)
      this.bareCarriageReturn = false
      records.push({ line: this.recordLine, fields: this.fields })
    }
    this.fields = []
    this.field = ""
    this.fieldStarted = false
    return records
  }

  private scan(text: string): Array<TextRecord> {
    const records: Array<TextRecord> = []
    const delimiter = this.delimiter!
    for (let i = 0; i < text.length; i++) {
      const char = text[i]!
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false
          if (char === "\"") {
            this.field += "\""
            continue
          }
          this.quoted = false // the closing quote: fall through to the unquoted handling
        } else {
          if (char === "\"") this.quoteSeen = true
          else {
            if (char === "\n") this.line++
            this.field += char
            this.bareCarriageReturn = false
          }
          continue
        }
      }
      if (char === delimiter) {
        this.fields.push(this.field)
        this.field = ""
        this.bareCarriageReturn = false
        this.fieldStarted = true
      } else if (char === "\n") {
        if (this.bareCarriageReturn) this.field = this.field.slice(0, -1)
        this.bareCarriageReturn = false
        this.fields.push(this.field)
        records.push({ line: this.recordLine, fields: this.fields })
        this.fields = []
        this.field = ""
        this.fieldStarted = false
        this.line++
        this.recordLine = this.line
      } else if (char === "\"" && this.field.length === 0) {
        this.quoted = true
        this.fieldStarted = true
      } else {
        this.field += char
        this.bareCarriageReturn = char === "\r"
        this.fieldStarted = true
      }
    }
    return records
  }
}

/** Whether every field of a record is blank (spreadsheets leave such rows at the end). */
export const isBlankRecord = (record: TextRecord): boolean => record.fields.every((field) => field.trim() === "")
