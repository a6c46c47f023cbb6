/**
 * The webhook event catalog (spec "Events → Event types") and the payload version every
 * envelope carries. Pure data, shared by the administration API, the dispatcher and the
 * receiver documentation.
 */
import * as Schema from "effect/Schema"

/**
 * `apiVersion` of every envelope (spec "Versioning": a `YYYY-MM-DD` date). It changes
 * only when a payload shape changes incompatibly.
 */
export const WEBHOOK_API_VERSION = "2026-11-22"

/** Event types an endpoint can subscribe to (`ping` is test-only). */
export const SUBSCRIBABLE_EVENT_TYPES = [
  "quotation.created",
  "quotation.status_changed",
  "quotation.approved",
  "quotation.rejected",
  "quotation.comment_added",
  "client.created",
  "client.updated",
  "branch.updated",
  "route.updated"
] as const

export const SubscribableEventType = Schema.Literals(SUBSCRIBABLE_EVENT_TYPES)
export type SubscribableEventType = typeof SubscribableEventType.Type

export const EventType = Schema.Literals([...SUBSCRIBABLE_EVENT_TYPES, "ping"])
export type EventType = typeof EventType.Type

/** Quotation sources an endpoint can filter on (`sources`; null = all). */
export const QuotationSource = Schema.Literals(["web", "chat"])
export type QuotationSource = typeof QuotationSource.Type

export interface EventDescription {
  readonly type: EventType
  readonly description: string
  /** `false` only for `ping`, sent by `POST /api/webhooks/:id/test`. */
  readonly subscribable: boolean
  /** Whether an endpoint's `sources` filter applies (quotation events only). */
  readonly filteredBySource: boolean
}

const describe = (type: EventType, description: string): EventDescription => ({
  type,
  description,
  subscribable: type !== "ping",
  filteredBySource: type.startsWith("quotation.")
})

export const EVENT_CATALOG: ReadonlyArray<EventDescription> = [
  describe("quotation.created", "A quotation was created (web or chatbot)"),
  describe("quotation.status_changed", "A quotation's status changed"),
  describe("quotation.approved", "A quotation moved to approved (in addition to status_changed)"),
  describe("quotation.rejected", "A quotation moved to rejected (in addition to status_changed)"),
  describe("quotation.comment_added", "A comment was added to a quotation"),
  describe("client.created", "A client was created"),
  describe("client.updated", "A client changed: name, email, company, branch, price list, status or phones"),
  describe("branch.updated", "A branch changed: name, address, city, route, advisor or status"),
  describe("route.updated", "A route changed: name, calendar (days, frequency, cutoff) or status"),
  describe("ping", "Test only (POST /api/webhooks/:id/test); cannot be subscribed")
]
