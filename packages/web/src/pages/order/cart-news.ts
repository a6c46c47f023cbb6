/** What happened to the cart without the client's doing, told above it. */
export type CartNews =
  /** "Repetir pedido" filled the cart from a past quotation at today's prices. */
  | { readonly kind: "repeated"; readonly code: string; readonly added: number; readonly skipped: ReadonlyArray<string> }
  /** Products the service no longer prices were taken out of the cart. */
  | { readonly kind: "removed"; readonly names: ReadonlyArray<string> }
