/**
 * Text PostgreSQL cannot store: its `text` type refuses the NUL character (a failed
 * statement, a 500), and a lone UTF-16 surrogate has no UTF-8 form (the drivers silently
 * store U+FFFD instead). Such text is refused where it enters, with the field named.
 */
import { Buffer } from "node:buffer"

export interface TextIssue {
  /** Where the text is, starting with the part of the request (`payload`, `query`, `params`). */
  readonly path: ReadonlyArray<string>
  readonly message: string
}

/** Why PostgreSQL cannot store `text`, or `undefined` when it can. */
export const unstorableTextProblem = (text: string): string | undefined => {
  if (text.includes("\u0000")) return "must not contain the NUL character (\\u0000)"
  if (!text.isWellFormed()) return "must not contain an unpaired UTF-16 surrogate (\\ud800–\\udfff)"
  return undefined
}

/** The problems of a flat record of strings (path parameters, query parameters). */
export const unstorableRecordIssues = (
  part: string,
  record: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>
): Array<TextIssue> => {
  const issues: Array<TextIssue> = []
  for (const key in record) {
    const keyProblem = unstorableTextProblem(key)
    if (keyProblem !== undefined) issues.push({ path: [part, key], message: `name ${keyProblem}` })
    const value = record[key]
    const values = typeof value === "string" ? [value] : value ?? []
    for (const text of values) {
      const problem = unstorableTextProblem(text)
      if (problem !== undefined) issues.push({ path: [part, key], message: problem })
    }
  }
  return issues
}

/** A node of the walk: the path is kept as a parent chain and spelled out only for an issue. */
interface Visit {
  readonly value: unknown
  readonly key: string
  /** Whether `key` is an object key (checked too), not an array index or the part. */
  readonly isObjectKey: boolean
  readonly parent: Visit | undefined
}

const pathOf = (visit: Visit): Array<string> => {
  const path: Array<string> = []
  for (let at: Visit | undefined = visit; at !== undefined; at = at.parent) path.push(at.key)
  return path.reverse()
}

/**
 * Every string and object key of a parsed JSON value that PostgreSQL cannot store, with
 * its path under `part`, in document order. Iterative, so no nesting depth the JSON
 * parser accepts can overflow the stack.
 */
export const unstorableJsonIssues = (part: string, json: unknown): Array<TextIssue> => {
  const issues: Array<TextIssue> = []
  const pending: Array<Visit> = [{ value: json, key: part, isObjectKey: false, parent: undefined }]
  while (pending.length > 0) {
    const visit = pending.pop()!
    if (visit.isObjectKey) {
      const keyProblem = unstorableTextProblem(visit.key)
      if (keyProblem !== undefined) issues.push({ path: pathOf(visit), message: `name ${keyProblem}` })
    }
    const value = visit.value
    if (typeof value === "string") {
      const problem = unstorableTextProblem(value)
      if (problem !== undefined) issues.push({ path: pathOf(visit), message: problem })
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        pending.push({ value: value[index], key: String(index), isObjectKey: false, parent: visit })
      }
    } else if (typeof value === "object" && value !== null) {
      const keys = Object.keys(value)
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index]!
        pending.push({ value: (value as Record<string, unknown>)[key], key, isObjectKey: true, parent: visit })
      }
    }
  }
  return issues
}

const backslashU = Buffer.from("\\u")

/** The second hex digit of \uD800–\uDFFF: 8, 9, a–f (either case). */
const isSurrogateSecondDigit = (byte: number | undefined) =>
  byte !== undefined && ((byte >= 0x38 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66))

/**
 * Whether a JSON body may hold a NUL or a lone surrogate. In valid JSON both can only be
 * written as `\u` escapes (a raw NUL is a syntax error, and bytes that are not UTF-8
 * decode to U+FFFD), so a body without `\u0000` or `\uD800`–`\uDFFF` needs no parse.
 * Searches the bytes natively: no decoding, no parse, for nearly every request. May
 * answer true for an escaped backslash or a well-formed surrogate pair (the walk decides).
 */
export const mayEscapeUnstorableText = (body: Uint8Array): boolean => {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  for (let at = bytes.indexOf(backslashU); at !== -1; at = bytes.indexOf(backslashU, at + 2)) {
    const first = bytes[at + 2]
    const second = bytes[at + 3]
    const isNul = first === 0x30 && second === 0x30 && bytes[at + 4] === 0x30 && bytes[at + 5] === 0x30
    const isSurrogate = (first === 0x44 || first === 0x64) && isSurrogateSecondDigit(second)
    if (isNul || isSurrogate) return true
  }
  return false
}
