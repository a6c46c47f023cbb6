/**
 * The CSV reader: delimiter from the header (comma or semicolon), BOM, quotes, line
 * breaks inside quotes, CRLF, the line each record starts on, and — as a property —
 * any rows written by the exporter's `csvLine` read back the same however the text is
 * cut into chunks.
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { DelimitedTextReader, detectDelimiter } from "@quote/core/import/delimited-text"
import { csvLine } from "@quote/core/import/export-rows"
import { CsvRecords, jsonRecords } from "@quote/core/import/import-record"

const readAll = (chunks: ReadonlyArray<string>) => {
  const reader = new DelimitedTextReader()
  const records = chunks.flatMap((chunk) => reader.push(chunk))
  records.push(...reader.end())
  return { records, problems: reader.problems }
}

describe("delimited text", () => {
  it("takes the delimiter from the header", () => {
    assert.strictEqual(detectDelimiter("nit;name;\"a,b\""), ";")
    assert.strictEqual(detectDelimiter("nit,name"), ",")
  })

  it("reads a semicolon file with a BOM, CRLF, quotes and a quoted line break, with start lines", () => {
    const { problems, records } = readAll(["\uFEFFa;b\r\n1;\"x;", "y\"\"z\"\r\n2;\"multi\nline\"\r\n3;last"])
    assert.deepStrictEqual(problems, [])
    assert.deepStrictEqual(records.map((r) => [r.line, ...r.fields]), [
      [1, "a", "b"],
      [2, "1", "x;y\"z"],
      [3, "2", "multi\nline"],
      [5, "3", "last"]
    ])
  })

  it("keeps a carriage return that is part of a quoted field, before LF and CRLF line ends", () => {
    for (const chunks of [["a,b\n\"x\r\",y\n\"z\r\"\r\n"], ["a,b\n\"x\r", "\",y\n\"z\r\"", "\r", "\n"]]) {
      const { problems, records } = readAll(chunks)
      assert.deepStrictEqual(problems, [])
      assert.deepStrictEqual(records.map((r) => r.fields), [["a", "b"], ["x\r", "y"], ["z\r"]])
    }
  })

  it("reports an unclosed quote at the line its record starts", () => {
    const { problems } = readAll(["a,b\n1,\"open\n2,3\n"])
    assert.deepStrictEqual(problems.map((p) => p.line), [2])
  })

  it("keys records by snake_case column and refuses rows longer than the header", () => {
    const csv = new CsvRecords()
    const records = [...csv.push("Operation Days,companyNit\n1|2,900\n\n3,4,5\n"), ...csv.end()]
    assert.deepStrictEqual(records, [{ line: 2, values: { operation_days: "1|2", company_nit: "900" } }])
    assert.deepStrictEqual(csv.problems.map((p) => [p.line, p.code]), [[4, "VALIDATION_ERROR"]])
  })

  it("JSON arrays: each object with the line it starts on", () => {
    const { problems, records } = jsonRecords("[\n  {\"nit\": \"1\", \"name\": \"[a]\"},\n\n  {\"companyNit\": \"2\"}\n]")
    assert.deepStrictEqual(problems, [])
    assert.deepStrictEqual(records.map((r) => [r.line, r.values]), [[2, { nit: "1", name: "[a]" }], [4, { company_nit: "2" }]])
  })

  it("exported rows read back the same, however the text is chunked (property)", () => {
    const field = fc.string({ unit: fc.constantFrom("a", " ", ",", ";", "\"", "\n", "\r\n", "ñ", "|") })
    fc.assert(
      fc.property(
        fc.array(fc.array(field, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(60), { maxLength: 6 }),
        (rows, cuts) => {
          const text = csvLine(["h1", "h2", "h3"]) + rows.map(csvLine).join("")
          const points = [...new Set(cuts.map((cut) => Math.min(cut, text.length)))].sort((a, b) => a - b)
          const chunks = [0, ...points].map((start, i) => text.slice(start, points[i] ?? text.length))
          const { problems, records } = readAll(chunks)
          assert.deepStrictEqual(problems, [])
          assert.deepStrictEqual(records.slice(1).map((r) => r.fields), rows)
        }
      )
    )
  })
})
