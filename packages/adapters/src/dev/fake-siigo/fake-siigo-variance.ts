/**
 * The fake Siigo's answers vary the way Siigo's may, where its documentation does not fix
 * the shape (siigo-api.md §2, §5): lists split into pages smaller than asked for, lookups
 * as plain arrays or in the list wrapper, a line `discount` as a number or as an object,
 * and fields the service does not know, anywhere. The stored records stay plain; the
 * variance is applied to what is served, deterministically (tests are reproducible).
 */
import type { FakeQuotation } from "./fake-siigo-records.ts"

/**
 * `number`: `discount: 12.5`; `object`: `{percentage, value}`; `value-object`: `{value}`;
 * `mixed`: the three in turn, by quotation number and line position.
 */
export type FakeDiscountShape = "number" | "object" | "value-object" | "mixed"

export interface FakeSiigoVariance {
  /** Largest page served, whatever `page_size` asks (Siigo's cap is undocumented; 100 by default). */
  maxPageSize: number
  /** Lookups (document types, taxes): `array` as documented, or `list`, the paginated wrapper. */
  lookups: "array" | "list"
  discountShape: FakeDiscountShape
  /** Adds fields the service does not know to every object served. */
  unknownFields: boolean
}

export const defaultVariance: FakeSiigoVariance = {
  maxPageSize: 100,
  lookups: "array",
  discountShape: "mixed",
  unknownFields: true
}

const round2 = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100

const shapes = ["number", "object", "value-object"] as const

const discountAs = (shape: (typeof shapes)[number], value: number, base: number): unknown => {
  switch (shape) {
    case "number":
      return value
    case "object":
      return { percentage: base === 0 ? 0 : round2(value / base * 100), value }
    case "value-object":
      return { value }
  }
}

/** A quotation as served: each line's `discount` in the configured shape. */
export const presentQuotation = (quotation: FakeQuotation, shape: FakeDiscountShape): unknown => ({
  ...quotation,
  items: quotation.items.map((item, index) => ({
    ...item,
    discount: discountAs(
      shape === "mixed" ? shapes[(quotation.number + index) % shapes.length] ?? "number" : shape,
      item.discount,
      item.quantity * item.price
    )
  }))
})

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * A copy of `body` where every object carries two fields the service does not know: one
 * nested (objects, arrays, nulls) and one scalar, as a newer Siigo version could add.
 */
export const withUnknownFields = (body: unknown): unknown => {
  if (Array.isArray(body)) return body.map(withUnknownFields)
  if (!isPlainObject(body)) return body
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) copy[key] = withUnknownFields(value)
  copy.x_siigo_extension = { origin: "fake-siigo", flags: [1, "two", null, { nested: true }], empty: {} }
  copy.x_siigo_revision = 7
  return copy
}
