/**
 * The cart of "Hacer pedido": the branch, the chosen products with their quantities, the
 * notes, and the `Idempotency-Key` the order will be sent with. The key is made once per
 * cart and kept until the service accepts the order, so a double click or a retried
 * request replays the same quotation instead of creating a second one.
 *
 * The cart lives in sessionStorage under the user's id, so it survives a reload and a
 * session refresh in that tab and never reaches another user of the browser. It holds no
 * credential (docs/security.md, "The web console's session").
 */
import { useCallback, useEffect, useMemo, useState } from "react"
import type { components } from "../../api/schema"

export type PriceItem = components["schemas"]["PriceItem"]

/** The service's limits of a quotation (core's views/quotations.ts). */
export const maxCartLines = 200
export const maxQuantity = 100_000
export const maxNotesLength = 2000

/** A chosen product, with the prices it was shown at (the service prices it again). */
export interface CartLine {
  readonly productId: string
  readonly sku: string
  readonly name: string
  readonly unit: string
  readonly quantity: number
  readonly finalPrice: number
  readonly priceListPrice: number
  readonly promoted: boolean
}

export interface Cart {
  readonly branchId: string | undefined
  readonly idempotencyKey: string
  readonly lines: ReadonlyArray<CartLine>
  readonly notes: string
}

/**
 * A fresh key. `crypto.randomUUID` exists only in secure contexts (https, localhost); a
 * console opened over plain http on a LAN address still gets 122 random bits.
 */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")
}

const emptyCart = (branchId: string | undefined): Cart => ({
  branchId,
  idempotencyKey: newIdempotencyKey(),
  lines: [],
  notes: ""
})

export const lineFrom = (item: PriceItem, quantity: number): CartLine => ({
  productId: item.productId,
  sku: item.sku,
  name: item.name,
  unit: item.unit,
  quantity,
  finalPrice: item.finalPrice,
  priceListPrice: item.priceListPrice,
  promoted: item.priceType === "promotion"
})

/** A whole quantity within the service's bounds; 0 means "not in the cart". */
export const clampQuantity = (quantity: number): number =>
  Number.isFinite(quantity) ? Math.min(maxQuantity, Math.max(0, Math.trunc(quantity))) : 0

// ---------------------------------------------------------------------------------------
// sessionStorage

const storageKey = (userId: string) => `quote.order-cart.${userId}`

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

const isLine = (value: unknown): value is CartLine =>
  isRecord(value) &&
  typeof value.productId === "string" &&
  typeof value.sku === "string" &&
  typeof value.name === "string" &&
  typeof value.unit === "string" &&
  typeof value.quantity === "number" && clampQuantity(value.quantity) === value.quantity && value.quantity > 0 &&
  typeof value.finalPrice === "number" &&
  typeof value.priceListPrice === "number" &&
  typeof value.promoted === "boolean"

/** What was stored, when it is still a cart (a stored value from an older console is dropped). */
const decodeCart = (stored: string | null): Cart | undefined => {
  if (stored === null) return undefined
  let value: unknown
  try {
    value = JSON.parse(stored)
  } catch {
    return undefined
  }
  if (
    !isRecord(value) ||
    !(value.branchId === undefined || typeof value.branchId === "string") ||
    typeof value.idempotencyKey !== "string" || value.idempotencyKey === "" ||
    typeof value.notes !== "string" ||
    !Array.isArray(value.lines) || !value.lines.every(isLine)
  ) return undefined
  return {
    branchId: value.branchId,
    idempotencyKey: value.idempotencyKey,
    lines: value.lines,
    notes: value.notes.slice(0, maxNotesLength)
  }
}

const readCart = (userId: string): Cart => {
  try {
    return decodeCart(sessionStorage.getItem(storageKey(userId))) ?? emptyCart(undefined)
  } catch {
    // Storage disabled (private mode, policy): the cart lives only in memory.
    return emptyCart(undefined)
  }
}

const writeCart = (userId: string, cart: Cart): void => {
  try {
    sessionStorage.setItem(storageKey(userId), JSON.stringify(cart))
  } catch {
    // Storage full or disabled: the cart still works, it just does not survive a reload.
  }
}

// ---------------------------------------------------------------------------------------
// The hook

export interface CartActions {
  readonly setBranch: (branchId: string) => void
  /** Sets a product's quantity; 0 takes it out of the cart. */
  readonly setQuantity: (item: PriceItem | CartLine, quantity: number) => void
  readonly remove: (productIds: ReadonlyArray<string>) => void
  readonly setNotes: (notes: string) => void
  /** Replaces the products (a repeated order), with a new key: it is another order. */
  readonly replaceLines: (lines: ReadonlyArray<CartLine>, branchId: string | undefined) => void
  /** Today's prices for lines already in the cart (quantities kept); `goneIds` leave it. */
  readonly reprice: (fresh: ReadonlyArray<CartLine>, goneIds: ReadonlyArray<string>) => void
  /** The order was accepted: an empty cart with a new key, same branch. */
  readonly completed: () => void
  /** The key was spent on another body (409 IDEMPOTENCY_KEY_REUSED): the next send is a new order. */
  readonly renewKey: () => void
}

const withQuantity = (lines: ReadonlyArray<CartLine>, item: PriceItem | CartLine, quantity: number): ReadonlyArray<CartLine> => {
  const clamped = clampQuantity(quantity)
  const existing = lines.find((line) => line.productId === item.productId)
  if (clamped === 0) return lines.filter((line) => line.productId !== item.productId)
  // A catalog item carries today's price; a cart line keeps the one it was shown at.
  const line = "priceType" in item ? lineFrom(item, clamped) : { ...item, quantity: clamped }
  if (existing !== undefined) return lines.map((other) => (other.productId === item.productId ? line : other))
  return lines.length >= maxCartLines ? lines : [...lines, line]
}

export const useCart = (userId: string): { readonly cart: Cart; readonly actions: CartActions } => {
  // Read once: the page is keyed by the user, so another user gets another hook.
  const [cart, setCart] = useState<Cart>(() => readCart(userId))
  useEffect(() => writeCart(userId, cart), [userId, cart])

  const update = useCallback((change: (cart: Cart) => Cart) => setCart(change), [])

  const actions = useMemo<CartActions>(() => ({
    setBranch: (branchId) => update((cart) => (cart.branchId === branchId ? cart : { ...cart, branchId })),
    setQuantity: (item, quantity) => update((cart) => ({ ...cart, lines: withQuantity(cart.lines, item, quantity) })),
    remove: (productIds) =>
      update((cart) => ({ ...cart, lines: cart.lines.filter((line) => !productIds.includes(line.productId)) })),
    setNotes: (notes) => update((cart) => ({ ...cart, notes: notes.slice(0, maxNotesLength) })),
    replaceLines: (lines, branchId) =>
      update((cart) => ({ ...cart, branchId: branchId ?? cart.branchId, lines: lines.slice(0, maxCartLines), idempotencyKey: newIdempotencyKey() })),
    reprice: (fresh, goneIds) =>
      update((cart) => ({
        ...cart,
        lines: cart.lines.flatMap((line) => {
          if (goneIds.includes(line.productId)) return []
          const today = fresh.find((other) => other.productId === line.productId)
          return [today === undefined ? line : { ...today, quantity: line.quantity }]
        })
      })),
    completed: () => update((cart) => emptyCart(cart.branchId)),
    renewKey: () => update((cart) => ({ ...cart, idempotencyKey: newIdempotencyKey() }))
  }), [update])

  return { cart, actions }
}

/** The cart's quantity of a product (0 when absent). */
export const quantityOf = (cart: Cart, productId: string): number =>
  cart.lines.find((line) => line.productId === productId)?.quantity ?? 0
