/**
 * A product's price for this client: the final price the service computed and, when a
 * promotion won, a "Promoción" badge and the regular list price struck through.
 */
import { formatMoney } from "../../format.ts"
import { messages } from "../../i18n/messages.ts"

const text = messages.order.price

export const PriceTag = ({ finalPrice, priceListPrice, promoted, unit }: {
  readonly finalPrice: number
  readonly priceListPrice: number
  readonly promoted: boolean
  readonly unit: string
}) => (
  <p className="price-tag">
    {promoted && <span className="badge badge-promotion">{text.promotion}</span>}
    <strong className="price-final">{formatMoney(finalPrice)}</strong>
    <span className="muted price-unit">{text.perUnit(unit)}</span>
    {promoted && finalPrice < priceListPrice && (
      <s className="price-regular">
        <span className="visually-hidden">{text.regular}</span>
        {formatMoney(priceListPrice)}
      </s>
    )}
  </p>
)
