/**
 * The published contract (issue #25, item 4): `docs/openapi.json` is the document the
 * server serves (`openApiDocument()`, the same as `/api/openapi.json`: test/api-clients),
 * and the breaking-change gate of `npm run api:diff` (scripts/api-diff.ts) tells a
 * removed answer field (breaking) from an added optional one (compatible) and refuses a
 * breaking change without a new API version and its changelog entry.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import { openApiDocument } from "@quote/api"
import { changelogVersions, classifyChanges, judge } from "../scripts/api-diff.ts"
import type { JsonObject } from "../scripts/openapi-diff-view.ts"

const committedText = readFileSync(new URL("../docs/openapi.json", import.meta.url), "utf8")
const committed = JSON.parse(committedText) as JsonObject

const rerun = "run `npm run api:snapshot` to rewrite it, then `npm run api:diff` to see each change classified " +
  "(a breaking one needs a new apiVersion date and an entry in docs/api-changelog.md)"

interface Schema {
  properties: Record<string, unknown>
  required: Array<string>
}

/** One operation of the committed document, with every component: a small document to diff quickly. */
const fixture = (): { document: JsonObject; answer: Schema } => {
  const document = structuredClone(committed) as JsonObject & {
    paths: Record<string, unknown>
    components: { schemas: Record<string, Schema> }
  }
  const path = "/api/integrations/quotations/{id}"
  document.paths = { [path]: document.paths[path] }
  return { document, answer: document.components.schemas["IntegrationQuotation"]! }
}

describe("the committed OpenAPI document", () => {
  it("docs/openapi.json is the document the server serves", () => {
    const served = JSON.parse(JSON.stringify(openApiDocument())) as JsonObject
    assert.deepStrictEqual(served, committed, `docs/openapi.json differs from the served document: ${rerun}`)
    assert.strictEqual(committedText, `${JSON.stringify(served, null, 2)}\n`, `docs/openapi.json is not in the form api:snapshot writes: ${rerun}`)
  })

  it("the current API version has its changelog entry", () => {
    const version = openApiDocument().info.version
    assert.match(version, /^\d{4}-\d{2}-\d{2}$/)
    assert.include(changelogVersions(readFileSync(new URL("../docs/api-changelog.md", import.meta.url), "utf8")), version)
  })
})

describe("the breaking-change gate (npm run api:diff)", () => {
  it.effect("a removed answer field is breaking, an added optional one is not, nothing changed is nothing", () =>
    Effect.gen(function*() {
      const before = fixture().document

      const removed = fixture()
      delete removed.answer.properties["code"]
      removed.answer.required = removed.answer.required.filter((name) => name !== "code")
      const removal = yield* Effect.promise(() => classifyChanges(before, removed.document))
      assert.deepStrictEqual(removal.map((change) => [change.type, change.code]), [["breaking", "response.body.scope.add"]])
      assert.include(removal[0]!.location, "/api/integrations/quotations/{id}")

      const added = fixture()
      added.answer.properties["deliveryWindow"] = { type: "string" }
      const addition = yield* Effect.promise(() => classifyChanges(before, added.document))
      assert.deepStrictEqual(addition.map((change) => change.type), ["non-breaking"])

      assert.deepStrictEqual(yield* Effect.promise(() => classifyChanges(before, fixture().document)), [])
    }), 60_000)

  it("a breaking change passes only with a later API version that has its changelog entry", () => {
    const breaking = [{ type: "breaking", code: "response.body.scope.add", location: "paths./api/x" }] as const
    const compatible = [{ type: "non-breaking", code: "response.body.scope.remove", location: "paths./api/x" }] as const
    const changelog = "# API changelog\n\n## 2026-12-01\n\nRemoved `code`.\n\n## 2026-11-22\n\nFirst.\n"
    const same = { committed: "2026-11-22", served: "2026-11-22" }
    const later = { committed: "2026-11-22", served: "2026-12-01" }

    assert.isTrue(judge(compatible, same, changelog).ok)
    assert.isFalse(judge(breaking, same, changelog).ok)
    assert.include(judge(breaking, same, changelog).reason, "new apiVersion date")
    assert.isTrue(judge(breaking, later, changelog).ok)
    assert.isFalse(judge(breaking, { committed: "2026-11-22", served: "2026-12-05" }, changelog).ok)
    assert.deepStrictEqual(changelogVersions(changelog), ["2026-12-01", "2026-11-22"])
  })
})
