/**
 * "Hacer pedido"'s state in the URL (`/pedido?buscar=arroz&categoria=<id>`), so a filtered
 * catalog can be shared and survives a reload; `repetir=<quotationId>` asks the page to
 * fill the cart from a past quotation (the quotation detail's "Repetir pedido" links here)
 * and is dropped once done.
 */
export interface OrderSearch {
  /** The catalog's search words. */
  readonly buscar?: string
  /** The catalog's category id. */
  readonly categoria?: string
  /** A quotation whose products and quantities fill the cart. */
  readonly repetir?: string
}

const text = (value: unknown): string | undefined => {
  const trimmed = typeof value === "string" ? value.trim() : ""
  return trimmed === "" ? undefined : trimmed
}

export const orderSearch = (search: Record<string, unknown>): OrderSearch => {
  const buscar = text(search.buscar)
  const categoria = text(search.categoria)
  const repetir = text(search.repetir)
  return {
    ...(buscar === undefined ? {} : { buscar }),
    ...(categoria === undefined ? {} : { categoria }),
    ...(repetir === undefined ? {} : { repetir })
  }
}
