/** Reading a file that may legitimately be missing (lock files, procfs entries). */
import * as Fs from "node:fs"

export const errnoOf = (error: unknown): string | undefined =>
  error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined

/** The file's text, or `undefined` when reading it fails with one of the `absent` codes. */
export const readIfPresent = (file: string, absent: ReadonlyArray<string> = ["ENOENT"]): string | undefined => {
  try {
    return Fs.readFileSync(file, "utf8")
  } catch (error) {
    const code = errnoOf(error)
    if (code !== undefined && absent.includes(code)) return undefined
    throw error
  }
}
