/**
 * "Repetir pedido": `/pedido?repetir=<quotationId>` (the quotation detail links here)
 * fills the cart with that quotation's products and quantities at TODAY's prices, says
 * which products were skipped because they are no longer available, and drops the
 * parameter from the URL, so a reload does not repeat it again.
 */
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useEffect, useRef } from "react"
import type { CartActions } from "./cart-store.ts"
import type { CartNews } from "./cart-news.ts"
import type { Branch } from "./order-queries.ts"
import { quotationQuery } from "../quotations/quotation-queries.ts"
import { priceToday } from "./todays-prices.ts"

const repeatOf = async (queryClient: QueryClient, quotationId: string) => {
  const quotation = await queryClient.fetchQuery(quotationQuery(quotationId))
  const priced = await priceToday(quotation.items.map(({ productId, name, quantity }) => ({ productId, name, quantity })))
  return { quotation, priced }
}

export const useRepeatOrder = ({ quotationId, branches, actions, onNews }: {
  readonly quotationId: string | undefined
  readonly branches: ReadonlyArray<Branch>
  readonly actions: CartActions
  readonly onNews: (news: CartNews) => void
}) => {
  const navigate = useNavigate({ from: "/pedido" })
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: ["order", "repeat", quotationId],
    queryFn: () => repeatOf(queryClient, quotationId ?? ""),
    enabled: quotationId !== undefined,
    // Today's prices at the moment of asking; asked again only for another repetition.
    staleTime: 0,
    gcTime: 0
  })
  const applied = useRef<string | undefined>(undefined)

  useEffect(() => {
    if (quotationId === undefined || query.data === undefined || applied.current === quotationId) return
    applied.current = quotationId
    const { quotation, priced } = query.data
    // The same branch, when it is still one of the company's active branches.
    const branchId = branches.find((branch) => branch.id === quotation.branch?.id)?.id
    if (priced.lines.length > 0) actions.replaceLines(priced.lines, branchId)
    onNews({ kind: "repeated", code: quotation.code, added: priced.lines.length, skipped: priced.skipped })
    void navigate({ search: ({ repetir: _done, ...rest }) => rest, replace: true })
  }, [quotationId, query.data, branches, actions, onNews, navigate])

  return query
}
