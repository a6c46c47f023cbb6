import { assert, describe, it } from "@effect/vitest"
import { parseKeyValueList } from "../../src/observability/otel-key-values.ts"

describe("parseKeyValueList (OTEL_RESOURCE_ATTRIBUTES, OTEL_EXPORTER_OTLP_HEADERS)", () => {
  it("trims and percent-decodes keys and values; the last repeated key wins", () => {
    assert.deepStrictEqual(parseKeyValueList(" deployment.environment = prod ,team=backend%20ops,team=core,api-key=a%3Db"), {
      _tag: "Parsed",
      entries: { "deployment.environment": "prod", team: "core", "api-key": "a=b" }
    })
  })

  it("skips entries without '=' or with an empty key, keeps empty values", () => {
    assert.deepStrictEqual(parseKeyValueList("novalue,=x,empty=,,k=v"), { _tag: "Parsed", entries: { empty: "", k: "v" } })
  })

  it("reports an entry that is not valid percent-encoding", () => {
    assert.deepStrictEqual(parseKeyValueList("ok=1,bad=%E0%A4%A"), { _tag: "Invalid", entry: "bad=%E0%A4%A" })
  })
})
