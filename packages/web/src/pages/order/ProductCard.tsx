/** One product of the catalog at this client's price, with its quantity field. */
import { messages } from "../../i18n/messages.ts"
import type { PriceItem } from "./cart-store.ts"
import { PriceTag } from "./PriceTag.tsx"
import { QuantityField } from "./QuantityField.tsx"
import { StockNote } from "./StockNote.tsx"

const text = messages.order.catalog

export const ProductCard = ({ item, quantity, onQuantity }: {
  readonly item: PriceItem
  readonly quantity: number
  readonly onQuantity: (quantity: number) => void
}) => (
  <li className={`card product-card${quantity > 0 ? " product-chosen" : ""}`}>
    <div className="product-info">
      <h3 className="product-name">{item.name}</h3>
      <p className="muted product-meta">
        <span>{text.sku(item.sku)}</span>
        <span>{text.unit(item.unit)}</span>
        {item.category !== null && <span>{item.category}</span>}
      </p>
      <PriceTag finalPrice={item.finalPrice} priceListPrice={item.priceListPrice} promoted={item.priceType === "promotion"} unit={item.unit} />
      <StockNote item={item} />
    </div>
    <QuantityField
      className="product-quantity"
      label={text.quantityOf(item.name)}
      visibleLabel={text.quantity}
      value={quantity}
      onChange={onQuantity}
    />
  </li>
)
