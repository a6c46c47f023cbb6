/**
 * "Enviar pedido": `POST /api/quotations` with the cart's branch, products and notes and
 * its `Idempotency-Key`. The service prices and creates the quotation; a repeat of the
 * same request (a double click, a retry after a lost answer) replays it instead of
 * creating another. What the answer means for the cart:
 * - created (or replayed): the cart empties, with a new key for the next order;
 * - 422 ROUTE_CLOSED: the cart stays, the service's message and next opening are shown
 *   and the route panel asks again;
 * - 404 PRODUCT_NOT_FOUND: the products it names leave the cart, by name;
 * - 409 IDEMPOTENCY_KEY_REUSED (an earlier send did go through, then the cart changed):
 *   said, with a link to that quotation; the next send is a new order.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useCallback, useRef, useState } from "react"
import { api, call } from "../../api/client.ts"
import { type ApiFailure, hasCode, NetworkFailure } from "../../api/failure.ts"
import type { components } from "../../api/schema"
import type { Cart, CartActions } from "./cart-store.ts"
import type { CartNews } from "./cart-news.ts"
import { quotationKeys } from "../quotations/quotation-queries.ts"
import { orderKeys } from "./order-queries.ts"

export type SentQuotation = components["schemas"]["WebQuotation"]

export type SendProblem =
  | { readonly kind: "routeClosed"; readonly message: string; readonly nextOpenDate: string | undefined }
  | { readonly kind: "alreadySent"; readonly quotationId: string | undefined }
  | { readonly kind: "failure"; readonly error: unknown }

/** A lost connection is asked again with the same key: the service answers at most one quotation. */
const networkRetries = 2

const stringsIn = (value: unknown): ReadonlyArray<string> =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : []

const detail = (failure: ApiFailure, name: string): unknown => failure.details?.[name]

const send = (order: Cart) =>
  call(api.POST("/api/quotations", {
    params: { header: { "idempotency-key": order.idempotencyKey } },
    body: {
      ...(order.branchId === undefined ? {} : { branchId: order.branchId }),
      items: order.lines.map(({ productId, quantity }) => ({ productId, quantity })),
      ...(order.notes.trim() === "" ? {} : { notes: order.notes })
    }
  }))

export const useSendOrder = ({ actions, onSent, onNews }: {
  readonly actions: CartActions
  readonly onSent: (quotation: SentQuotation) => void
  readonly onNews: (news: CartNews) => void
}) => {
  const queryClient = useQueryClient()
  const [problem, setProblem] = useState<SendProblem | undefined>(undefined)
  // Set synchronously, so a second click in the same frame is ignored before React re-renders.
  const sending = useRef(false)

  const mutation = useMutation({
    mutationFn: send,
    retry: (failures, error) => failures < networkRetries && error instanceof NetworkFailure,
    onMutate: () => setProblem(undefined),
    onSuccess: (quotation) => {
      actions.completed()
      void queryClient.invalidateQueries({ queryKey: quotationKeys.all })
      onSent(quotation)
    },
    onError: (error, order) => {
      if (hasCode(error, "ROUTE_CLOSED")) {
        const next = detail(error, "nextOpenDate")
        setProblem({ kind: "routeClosed", message: error.serverMessage, nextOpenDate: typeof next === "string" ? next : undefined })
        void queryClient.invalidateQueries({ queryKey: orderKeys.cutoffs })
      } else if (hasCode(error, "PRODUCT_NOT_FOUND")) {
        const ids = stringsIn(detail(error, "productIds"))
        const skus = stringsIn(detail(error, "skus"))
        const gone = order.lines.filter((line) => ids.includes(line.productId) || skus.includes(line.sku))
        if (gone.length === 0) {
          setProblem({ kind: "failure", error })
          return
        }
        actions.remove(gone.map((line) => line.productId))
        onNews({ kind: "removed", names: gone.map((line) => line.name) })
        void queryClient.invalidateQueries({ queryKey: orderKeys.prices })
      } else if (hasCode(error, "IDEMPOTENCY_KEY_REUSED")) {
        const quotationId = detail(error, "quotationId")
        actions.renewKey()
        setProblem({ kind: "alreadySent", quotationId: typeof quotationId === "string" ? quotationId : undefined })
        void queryClient.invalidateQueries({ queryKey: quotationKeys.all })
      } else {
        setProblem({ kind: "failure", error })
      }
    },
    onSettled: () => {
      sending.current = false
    }
  })

  const { mutate } = mutation
  const submit = useCallback((order: Cart) => {
    if (sending.current) return
    sending.current = true
    mutate(order)
  }, [mutate])

  return { submit, isSending: mutation.isPending, problem, clearProblem: () => setProblem(undefined) }
}
