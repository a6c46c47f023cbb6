/**
 * The OpenAPI document the server serves at `/api/openapi.json` (`openApiDocument()`,
 * built from the `HttpApi` definition alone, no server needed), as formatted JSON:
 * printed, or written to the file given with `--write` (`npm run api:snapshot` rewrites
 * the committed `docs/openapi.json`; the linters and the diff read such a file).
 */
import { writeFileSync } from "node:fs"
import { openApiDocument } from "@quote/api"

/** Two-space JSON with a final newline: the form `docs/openapi.json` is committed in. */
export const documentText = (): string => `${JSON.stringify(openApiDocument(), null, 2)}\n`

const writeAt = process.argv.indexOf("--write")
if (import.meta.main) {
  if (writeAt === -1) process.stdout.write(documentText())
  else {
    const target = process.argv[writeAt + 1]
    if (target === undefined) throw new Error("--write needs a file path")
    writeFileSync(target, documentText())
    console.log(`wrote ${target}`)
  }
}
