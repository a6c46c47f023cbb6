/**
 * Stock as the last catalog sync left it: a reference, not a reservation (the spec). An
 * untracked product says so; a product at 0 says "Agotado" and may still be ordered — the
 * service decides what it can deliver.
 */
import { messages } from "../../i18n/messages.ts"
import type { PriceItem } from "./cart-store.ts"

const text = messages.order.stock

const stockFormat = new Intl.NumberFormat("es-CO", { maximumFractionDigits: 2 })

export const StockNote = ({ item }: { readonly item: PriceItem }) =>
  !item.stockTracked ? <span className="stock muted">{text.untracked}</span>
  : item.stock <= 0 ? <span className="badge badge-out">{text.out}</span>
  : <span className="stock">{text.available(stockFormat.format(item.stock))}</span>
