/**
 * A price list's prices in its form: one row per product — the product (a native select
 * of every active product) and its price in whole pesos — with "Agregar producto" and
 * "Quitar". Rows are kept as typed; the form checks them on "Guardar".
 */
import { Button } from "react-aria-components"
import { catalogMessages } from "../../i18n/operations-messages.ts"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { TextInputField } from "../../ui/TextInputField.tsx"
import type { CatalogProduct } from "./catalog-queries.ts"

const text = catalogMessages.priceLists

export interface PriceRow {
  /** Stable across edits, for React's keys. */
  readonly key: number
  /** "" until a product is chosen. */
  readonly productId: string
  /** As typed. */
  readonly price: string
}

/** A row's problems, found on "Guardar": with its product, with its price. */
export type PriceRowErrors = ReadonlyMap<number, { readonly product?: string; readonly price?: string }>

export const PriceItemsEditor = ({ rows, products, errors, onChange }: {
  readonly rows: ReadonlyArray<PriceRow>
  readonly products: ReadonlyArray<CatalogProduct>
  readonly errors: PriceRowErrors
  readonly onChange: (rows: ReadonlyArray<PriceRow>) => void
}) => {
  const nameOf = (row: PriceRow, index: number) =>
    products.find((product) => product.id === row.productId)?.name ?? text.productOf(index + 1)
  const update = (key: number, change: Partial<PriceRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)))
  const options = [{ id: "", label: text.chooseProduct }, ...products.map((product) => ({ id: product.id, label: `${product.name} (${product.sku})` }))]

  return (
    <fieldset className="form-group stack">
      <legend>{text.prices}</legend>
      {rows.length === 0 && <p className="muted small">{text.pricesEmpty}</p>}
      <ol className="price-rows">
        {rows.map((row, index) => (
          <li key={row.key} className="price-row">
            <NativeSelect
              label={text.productOf(index + 1)}
              options={options}
              value={row.productId}
              onChange={(productId) => update(row.key, { productId })}
              error={errors.get(row.key)?.product}
            />
            <TextInputField
              type="number"
              label={text.priceOf(nameOf(row, index))}
              value={row.price}
              onChange={(price) => update(row.key, { price })}
              error={errors.get(row.key)?.price}
            />
            <Button
              className="button secondary small"
              aria-label={text.removePrice(nameOf(row, index))}
              onPress={() => onChange(rows.filter((candidate) => candidate.key !== row.key))}
            >
              {text.remove}
            </Button>
          </li>
        ))}
      </ol>
      <div>
        <Button
          className="button secondary"
          onPress={() => onChange([...rows, { key: Math.max(0, ...rows.map((row) => row.key)) + 1, productId: "", price: "" }])}
        >
          {text.addPrice}
        </Button>
      </div>
    </fieldset>
  )
}
