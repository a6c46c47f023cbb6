/**
 * The import benchmark runs and reports its ratio against COPY (a small size here; the
 * 100k-client run is `npm run bench -- import`). It needs PostgreSQL: the bench's own
 * database URL rule (TEST_DATABASE_URL, else the local server).
 */
import { assert, describe, it } from "@effect/vitest"
import { runImportBench } from "../bench/import.ts"

describe("import bench", () => {
  it("imports 300 clients and measures them against COPY", async () => {
    const result = await runImportBench({ rows: 300 })
    assert.match(result.name, /300 clients/)
    assert.isAbove(result.ratio, 0)
    assert.isAbove(Number(result.figures?.["COPY ms"]), 0)
    assert.isAbove(Number(result.figures?.["import ms"]), 0)
  }, 120_000)
})
