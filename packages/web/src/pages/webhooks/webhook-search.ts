/**
 * An endpoint's page state in the URL (`/webhooks/<id>?estado=failed&entregas=100`): the
 * deliveries' status filter and how many of the newest are shown (the API lists the
 * newest first, 50 by default, at most 200; it does not page).
 */
export const deliveryStatuses = ["pending", "delivered", "failed"] as const
export type DeliveryStatus = (typeof deliveryStatuses)[number]

export const defaultDeliveryLimit = 50
export const maxDeliveryLimit = 200

export interface EndpointSearch {
  readonly estado?: DeliveryStatus
  readonly entregas?: number
}

export const isDeliveryStatus = (value: unknown): value is DeliveryStatus =>
  deliveryStatuses.some((status) => status === value)

export const endpointSearch = (search: Record<string, unknown>): EndpointSearch => {
  const limit = Number(search.entregas)
  return {
    ...(isDeliveryStatus(search.estado) ? { estado: search.estado } : {}),
    ...(Number.isInteger(limit) && limit > defaultDeliveryLimit ? { entregas: Math.min(limit, maxDeliveryLimit) } : {})
  }
}
