/**
 * One problem of an import: the file and line it is on, the API's error code for it
 * (`INVALID_PHONE`, `INVALID_SCHEDULE`, `BRANCH_NOT_FOUND`, …) and a message. Printed as
 * `file:line: CODE message`, the form editors and terminals link to the line.
 */
export interface ImportProblem {
  readonly file: string
  readonly line: number
  readonly code: string
  readonly message: string
}

export const formatProblem = (problem: ImportProblem): string =>
  `${problem.file}:${problem.line}: ${problem.code} ${problem.message}`

/** Problems in file and line order (a file's later checks may find earlier lines' problems). */
export const sortProblems = (problems: ReadonlyArray<ImportProblem>): Array<ImportProblem> =>
  [...problems].sort((a, b) => a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1)
