/**
 * The browser bundle of a program that imports only `@quote/core/preview` stays small
 * (≤ 30 KB gzip: the Effect runtime, `Schema` and the phone metadata stay out), has no
 * `node:` import, and prints the same status as the preview run by Node.
 */
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import { assert, describe, it } from "@effect/vitest"
import { build } from "esbuild"
import { cutoffPreview } from "../src/preview.ts"

const MAX_GZIP_BYTES = 30 * 1024

const root = fileURLToPath(new URL("../../..", import.meta.url))

const schedule = { operationDays: [3], frequency: "biweekly", anchorDate: "2026-11-25", cutoffDaysBefore: 2, cutoffTime: "17:00" }
const at = "2026-11-23T16:59:00-05:00"

const program = [
  `import { cutoffPreview } from "@quote/core/preview"`,
  `console.log(JSON.stringify(cutoffPreview(${JSON.stringify(schedule)}, ${JSON.stringify(at)})))`
].join("\n")

const bundle = async () => {
  const result = await build({
    stdin: { contents: program, resolveDir: root, loader: "ts", sourcefile: "preview-program.ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    // The workspace's sources, as the repository runs them (consumers get the built dist).
    conditions: ["quote-source"],
    write: false,
    metafile: true,
    logLevel: "silent"
  })
  return { code: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile.inputs) }
}

describe("browser bundle of @quote/core/preview", () => {
  it("weighs at most 30 KB gzip and imports no node: module, Effect or phone metadata", async () => {
    const { code, inputs } = await bundle()
    const gzipped = gzipSync(code).byteLength
    assert.isAtMost(gzipped, MAX_GZIP_BYTES, `${gzipped} bytes gzip`)
    assert.notMatch(code, /\bnode:[a-z_/]+/)
    assert.notMatch(code, /\b(?:import|require)\s*\(?\s*["'](?:fs|path|crypto|os|util)["']/)
    assert.deepStrictEqual(inputs.filter((input) => input.includes("node_modules")), [])
    assert.isTrue(inputs.some((input) => input.endsWith("packages/core/src/preview.ts")), inputs.join(", "))
  })

  it("runs on its own and prints the preview's status", async () => {
    const { code } = await bundle()
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" })
    assert.strictEqual(run.status, 0, run.stderr)
    assert.deepStrictEqual(JSON.parse(run.stdout), cutoffPreview(schedule, at))
  })
})
