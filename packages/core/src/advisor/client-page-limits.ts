/**
 * Paging of the advisor's client list (spec "Limits": advisor clients `limit` default 20,
 * max 100). Shared by the HTTP contract, which validates the query, and the reader.
 */
export const defaultClientPageSize = 20
export const maxClientPageSize = 100
/** Keeps `offset` a safe integer; no real list reaches this page. */
export const maxClientPage = 1_000_000
