/**
 * Browser bundle sizes (issue #13): what a chatbot front end pays to embed the offline
 * cutoff preview, against a baseline measured in the same run — the same status computed
 * through the server's Effect path (`currentCutoffStatus`, `Schema`), which an embedder
 * would bundle without `@quote/core/preview`. The `@quote/api/client` bundle is printed
 * beside them. Minified ESM for the browser, gzip; `packages/core/test/preview-bundle.test.ts`
 * holds the preview to 30 KB.
 *
 * Target: the preview is at most 30 KB gzip and at most a fifth of the baseline.
 * `npx node --conditions=quote-source bench/preview-size.ts` prints the figures.
 */
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import { build } from "esbuild"
import type { BenchResult } from "./run.ts"

const MAX_PREVIEW_GZIP = 30 * 1024
const MAX_RATIO = 0.2

const root = fileURLToPath(new URL("..", import.meta.url))

const schedule = `{ operationDays: [1, 4], frequency: "weekly", cutoffDaysBefore: 1, cutoffTime: "17:00" }`

const programs = {
  preview: [
    `import { cutoffPreview } from "@quote/core/preview"`,
    `console.log(cutoffPreview(${schedule}, "2026-11-24T10:00:00-05:00"))`
  ],
  effectPath: [
    `import { Effect, Result } from "effect"`,
    `import { currentCutoffStatus } from "@quote/core/calendar/cutoff-status"`,
    `import { validateSchedule } from "@quote/core/calendar/schedule"`,
    `Effect.runPromise(currentCutoffStatus(Result.getOrThrow(validateSchedule(${schedule})))).then(console.log)`
  ],
  client: [
    `import { createIntegrationClient } from "@quote/api/client"`,
    `const api = createIntegrationClient({ baseUrl: location.origin, apiKey: "svc_x" })`,
    `api.cutoff({ clientId: "c" }).then(console.log)`
  ]
} as const

const gzipBytes = async (lines: ReadonlyArray<string>) => {
  const result = await build({
    stdin: { contents: lines.join("\n"), resolveDir: root, loader: "ts", sourcefile: "program.ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    conditions: ["quote-source"],
    write: false,
    logLevel: "silent"
  })
  return gzipSync(result.outputFiles[0]!.text).byteLength
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

export const runPreviewSizeBench = async (): Promise<BenchResult> => {
  const preview = await gzipBytes(programs.preview)
  const effectPath = await gzipBytes(programs.effectPath)
  const client = await gzipBytes(programs.client)
  const ratio = preview / effectPath
  return {
    name: "browser bundle: @quote/core/preview vs the Effect path, gzip",
    ratio,
    targetText: `≤ ${MAX_RATIO} and preview ≤ ${kb(MAX_PREVIEW_GZIP)}`,
    pass: ratio <= MAX_RATIO && preview <= MAX_PREVIEW_GZIP,
    figures: {
      "@quote/core/preview, gzip": kb(preview),
      "Effect path (currentCutoffStatus), gzip": kb(effectPath),
      "@quote/api/client, gzip": kb(client)
    }
  }
}

if (import.meta.main) {
  const result = await runPreviewSizeBench()
  console.log(result)
}
