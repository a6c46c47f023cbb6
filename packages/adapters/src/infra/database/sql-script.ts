/**
 * Splits a SQL script into its statements.
 *
 * `@effect/sql-pg` only speaks the extended query protocol, which takes one
 * statement at a time ("cannot insert multiple commands into a prepared
 * statement"), and so does PGlite's `query`. Migration files hold many
 * statements, so the migrator splits them at top-level semicolons, knowing
 * Postgres' quoting: '...' and E'...' strings, "..." identifiers, $tag$...$tag$
 * bodies, -- and nested /* *\/ comments. Not supported: `BEGIN ATOMIC ... END`
 * function bodies (write `AS $$ ... $$` instead) and psql meta-commands.
 */

const isIdentifierChar = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9_]/.test(c)

/** Whether the text holds only whitespace and comments. */
const isBlank = (statement: string): boolean =>
  statement.replace(/--[^\n]*/g, "").replace(/\/\*[\s\S]*?\*\//g, "").trim().length === 0

/** The statements of a script, trimmed, without empty ones. */
export const splitSqlStatements = (script: string): Array<string> => {
  const statements: Array<string> = []
  let start = 0
  let i = 0
  const n = script.length
  const push = (end: number) => {
    const statement = script.slice(start, end).trim()
    if (!isBlank(statement)) statements.push(statement)
  }
  while (i < n) {
    const c = script[i]
    const next = script[i + 1]
    if (c === "-" && next === "-") {
      const eol = script.indexOf("\n", i)
      i = eol === -1 ? n : eol + 1
    } else if (c === "/" && next === "*") {
      let depth = 1
      i += 2
      while (i < n && depth > 0) {
        if (script[i] === "/" && script[i + 1] === "*") {
          depth++
          i += 2
        } else if (script[i] === "*" && script[i + 1] === "/") {
          depth--
          i += 2
        } else i++
      }
    } else if (c === "'") {
      // E'...' strings allow backslash escapes; standard strings only ''.
      const escapes = (script[i - 1] === "E" || script[i - 1] === "e") && !isIdentifierChar(script[i - 2])
      i++
      while (i < n) {
        if (escapes && script[i] === "\\") i += 2
        else if (script[i] === "'" && script[i + 1] === "'") i += 2
        else if (script[i] === "'") {
          i++
          break
        } else i++
      }
    } else if (c === "\"") {
      i++
      while (i < n) {
        if (script[i] === "\"" && script[i + 1] === "\"") i += 2
        else if (script[i] === "\"") {
          i++
          break
        } else i++
      }
    } else if (c === "$" && !isIdentifierChar(script[i - 1])) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(script.slice(i))
      if (tag === null) i++
      else {
        const end = script.indexOf(tag[0], i + tag[0].length)
        i = end === -1 ? n : end + tag[0].length
      }
    } else if (c === ";") {
      push(i)
      i++
      start = i
    } else i++
  }
  push(n)
  return statements
}

/** Transaction control the migrator owns; a migration file must not contain it. */
export const isTransactionControl = (statement: string): boolean => {
  const code = statement.replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*/, "")
  return /^(BEGIN|COMMIT|ROLLBACK|END|START\s+TRANSACTION|ABORT)\b/i.test(code) &&
    !/^BEGIN\s+ATOMIC\b/i.test(code)
}
