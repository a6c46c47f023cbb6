/**
 * The cart ("Su pedido"): the chosen products with their quantities, the notes, the
 * estimated total (the catalog's final prices × quantities; the service prices the order
 * again and its total is the one that counts) and "Enviar pedido", disabled — with the
 * reason next to it — while the route is closed or missing, the cart is empty, or the
 * order is being sent.
 */
import { Button } from "react-aria-components"
import { formatMoney } from "../../format.ts"
import { messages } from "../../i18n/messages.ts"
import type { Cart, CartActions } from "./cart-store.ts"
import type { CartNews } from "./cart-news.ts"
import { CartLineItem } from "./CartLineItem.tsx"
import { CartNewsNotice, SendProblemNotice } from "./OrderNotices.tsx"
import { OrderNotes } from "./OrderNotes.tsx"
import type { SendProblem } from "./use-send-order.ts"

const text = messages.order.cart

export const cartTotal = (cart: Cart): number =>
  cart.lines.reduce((total, line) => total + line.finalPrice * line.quantity, 0)

export const CartPanel = ({ cart, actions, blockedBecause, isSending, onSend, news, onDismissNews, problem, onDismissProblem }: {
  readonly cart: Cart
  readonly actions: CartActions
  /** Why the order cannot be sent now, if it cannot. */
  readonly blockedBecause: string | undefined
  readonly isSending: boolean
  readonly onSend: () => void
  readonly news: CartNews | undefined
  readonly onDismissNews: () => void
  readonly problem: SendProblem | undefined
  readonly onDismissProblem: () => void
}) => (
  <section id="pedido" className="card cart" aria-labelledby="cart-title" tabIndex={-1}>
    <div className="cart-head">
      <h2 id="cart-title">{text.title}</h2>
      <div aria-live="polite">
        {news !== undefined && <CartNewsNotice news={news} onDismiss={onDismissNews} />}
      </div>
    </div>
    {cart.lines.length === 0
      ? <p className="muted">{text.empty}</p>
      : (
        <ul className="cart-lines">
          {cart.lines.map((line) => (
            <CartLineItem
              key={line.productId}
              line={line}
              onQuantity={(quantity) => actions.setQuantity(line, quantity)}
              onRemove={() => actions.remove([line.productId])}
            />
          ))}
        </ul>
      )}
    <OrderNotes notes={cart.notes} onChange={actions.setNotes} />
    <div className="cart-total">
      <p className="cart-total-line">
        <span>{text.total}</span>
        <strong>{formatMoney(cartTotal(cart))}</strong>
      </p>
      <p className="muted cart-total-note">{text.totalNote}</p>
    </div>
    {problem !== undefined && <SendProblemNotice problem={problem} onDismiss={onDismissProblem} />}
    <Button
      className="button primary cart-send"
      isDisabled={blockedBecause !== undefined || isSending}
      {...(blockedBecause === undefined ? {} : { "aria-describedby": "cart-send-reason" })}
      onPress={onSend}
    >
      {isSending ? text.sending : text.send}
    </Button>
    {blockedBecause !== undefined && !isSending && <p id="cart-send-reason" className="muted cart-send-reason">{blockedBecause}</p>}
  </section>
)
