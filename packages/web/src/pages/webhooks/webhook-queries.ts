/**
 * The webhook screens' server state (TanStack Query): the keys, so that a change can
 * refresh what shows it, and the fetchers. There is no `GET /api/webhooks/:id`: an
 * endpoint's page reads it from the list (at most 10 endpoints).
 */
import { keepPreviousData, queryOptions, useQueryClient } from "@tanstack/react-query"
import { useCallback } from "react"
import { api, call } from "../../api/client.ts"
import type { components } from "../../api/schema"
import type { DeliveryStatus } from "./webhook-search.ts"

export type WebhookEndpoint = components["schemas"]["WebhookEndpoint"]
export type WebhookDelivery = components["schemas"]["WebhookDelivery"]
export type WebhookEventType = WebhookEndpoint["events"][number]
export type WebhookSource = NonNullable<WebhookEndpoint["sources"]>[number]

/** `POST /api/webhooks` refuses an eleventh endpoint (409 WEBHOOK_LIMIT_REACHED). */
export const maxEndpoints = 10

export const webhookKeys = {
  all: ["webhooks"] as const,
  endpoints: ["webhooks", "endpoints"] as const,
  events: ["webhooks", "events"] as const,
  allDeliveries: ["webhooks", "deliveries"] as const,
  deliveries: (endpointId: string, status: DeliveryStatus | undefined, limit: number) =>
    ["webhooks", "deliveries", endpointId, { status, limit }] as const
}

export const endpointsQuery = queryOptions({
  queryKey: webhookKeys.endpoints,
  queryFn: () => call(api.GET("/api/webhooks"))
})

/** The event catalog: what an endpoint can subscribe to. It changes only with a new release. */
export const eventCatalogQuery = queryOptions({
  queryKey: webhookKeys.events,
  queryFn: () => call(api.GET("/api/webhooks/events")),
  staleTime: Infinity
})

export const deliveriesQuery = (endpointId: string, status: DeliveryStatus | undefined, limit: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(endpointId, status, limit),
    queryFn: () =>
      call(api.GET("/api/webhooks/{id}/deliveries", {
        params: { path: { id: endpointId }, query: { limit, ...(status === undefined ? {} : { status }) } }
      })),
    placeholderData: keepPreviousData
  })

/** The endpoint without a secret an answer of create or rotate carries: no secret stays in the cache. */
const withoutSecret = (endpoint: WebhookEndpoint): WebhookEndpoint => {
  if (!("secret" in endpoint)) return endpoint
  const { secret: _, ...rest } = endpoint
  return rest
}

/**
 * After a change: the server's answer replaces the endpoint in the cached list at once,
 * then the list (its counters) and the endpoint's deliveries are read again.
 */
export const useEndpointRefresh = () => {
  const queryClient = useQueryClient()
  return useCallback((changed?: WebhookEndpoint) => {
    if (changed !== undefined) {
      queryClient.setQueryData(endpointsQuery.queryKey, (list) => {
        if (list === undefined) return list
        return { ...list, items: list.items.map((item) => (item.id === changed.id ? withoutSecret(changed) : item)) }
      })
    }
    void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints })
    void queryClient.invalidateQueries({ queryKey: webhookKeys.allDeliveries })
  }, [queryClient])
}
