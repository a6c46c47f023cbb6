/** A quotation's lines as priced when it was created, and its total. */
import type { components } from "../../api/schema"
import { formatMoney } from "../../format.ts"
import { quotationMessages } from "../../i18n/quotations-messages.ts"

type QuotationItem = components["schemas"]["QuotationItem"]

const text = quotationMessages.quotation

export const QuotationLines = ({ items, total }: { readonly items: ReadonlyArray<QuotationItem>; readonly total: number }) => (
  <table className="stacking-table quotation-lines">
    <thead>
      <tr>
        <th scope="col">{text.product}</th>
        <th scope="col">{text.sku}</th>
        <th scope="col" className="number">{text.quantity}</th>
        <th scope="col" className="number">{text.unitPrice}</th>
        <th scope="col">{text.priceType}</th>
        <th scope="col" className="number">{text.subtotal}</th>
      </tr>
    </thead>
    <tbody>
      {items.map((item, index) => (
        <tr key={`${item.sku}-${index}`}>
          <th scope="row" className="card-title">{item.name}</th>
          <td data-label={text.sku}>{item.sku}</td>
          <td data-label={text.quantity} className="number">{item.quantity}</td>
          <td data-label={text.unitPrice} className="number">{formatMoney(item.unitPrice)}</td>
          <td data-label={text.priceType}>
            <span className={item.priceType === "promotion" ? "price-type promotion" : "price-type"}>
              {text.priceTypes[item.priceType]}
            </span>
          </td>
          <td data-label={text.subtotal} className="number">{formatMoney(item.subtotal)}</td>
        </tr>
      ))}
    </tbody>
    <tfoot>
      <tr className="total-row">
        <th scope="row" colSpan={5}>{text.total}</th>
        <td className="number">{formatMoney(total)}</td>
      </tr>
    </tfoot>
  </table>
)
