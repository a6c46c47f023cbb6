/**
 * A cart restored after a reload was priced when its products were added, maybe days
 * ago: ask the service once for today's prices of its products, so the estimate is
 * today's, and take out (and name) those it no longer prices.
 */
import { useQuery } from "@tanstack/react-query"
import { useEffect, useRef, useState } from "react"
import type { Cart, CartActions } from "./cart-store.ts"
import type { CartNews } from "./cart-news.ts"
import { priceToday } from "./todays-prices.ts"

export const useTodaysCartPrices = (cart: Cart, actions: CartActions, onNews: (news: CartNews) => void): void => {
  // The lines the page opened with; those added later come from the catalog at today's price.
  const [restored] = useState(() => cart.lines)
  const query = useQuery({
    queryKey: ["order", "restored-prices", restored.map((line) => line.productId)],
    queryFn: () => priceToday(restored),
    enabled: restored.length > 0,
    staleTime: Infinity,
    gcTime: 0
  })
  const applied = useRef(false)

  useEffect(() => {
    if (query.data === undefined || applied.current) return
    applied.current = true
    actions.reprice(query.data.lines, query.data.skippedIds)
    if (query.data.skipped.length > 0) onNews({ kind: "removed", names: query.data.skipped })
  }, [query.data, actions, onNews])
}
