/** A product in the cart: its price, its quantity (editable) and "Quitar". */
import { Button } from "react-aria-components"
import { formatMoney } from "../../format.ts"
import { messages } from "../../i18n/messages.ts"
import type { CartLine } from "./cart-store.ts"
import { QuantityField } from "./QuantityField.tsx"

const text = messages.order.cart

export const CartLineItem = ({ line, onQuantity, onRemove }: {
  readonly line: CartLine
  readonly onQuantity: (quantity: number) => void
  readonly onRemove: () => void
}) => (
  <li className="cart-line">
    <p className="cart-line-name">
      <strong>{line.name}</strong>
      {line.promoted && <span className="badge badge-promotion">{messages.order.price.promotion}</span>}
    </p>
    <p className="muted cart-line-price">
      {text.lineMath(formatMoney(line.finalPrice), line.quantity, line.unit)}{" "}
      <strong className="cart-line-subtotal">{formatMoney(line.finalPrice * line.quantity)}</strong>
    </p>
    <div className="cart-line-controls">
      <QuantityField
        label={text.quantityOf(line.name)}
        visibleLabel={messages.order.catalog.quantity}
        value={line.quantity}
        onChange={onQuantity}
      />
      <Button className="button danger cart-remove" aria-label={text.removeNamed(line.name)} onPress={onRemove}>
        {text.remove}
      </Button>
    </div>
  </li>
)
