/**
 * On a phone the cart is below a long catalog: a bar fixed at the bottom keeps the
 * estimated total in view, with a link down to the cart. Wider screens show the cart
 * beside the catalog and hide the bar (styles.css).
 */
import { formatMoney } from "../../format.ts"
import { messages } from "../../i18n/messages.ts"
import type { Cart } from "./cart-store.ts"
import { cartTotal } from "./CartPanel.tsx"

const text = messages.order.summary

export const CartSummaryBar = ({ cart }: { readonly cart: Cart }) =>
  cart.lines.length === 0 ? null : (
    <div className="cart-summary-bar">
      <p>
        <span>{text.products(cart.lines.length)}</span>
        <strong>{formatMoney(cartTotal(cart))}</strong>
      </p>
      <a className="button primary" href="#pedido">{text.goToCart}</a>
    </div>
  )
