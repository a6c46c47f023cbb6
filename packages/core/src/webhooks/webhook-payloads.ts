/**
 * The `data` of each webhook event type (spec "Events → Payloads"), and the event as the
 * feed (`GET /api/webhooks/events/feed`) lists it: a union discriminated by `type`, so a
 * consumer's generated client knows the payload of each type. The adapters build the
 * payloads as JSON (`adapters/src/app/webhooks/payloads/`); the feed decodes each event
 * through `WebhookFeedEvent`, so a payload that leaves this declaration fails loudly.
 */
import * as Schema from "effect/Schema"
import * as Struct from "effect/Struct"
import { CutoffSchedule } from "../calendar/cutoff-status.ts"
import { QuotationStatus } from "../quotations/quotation-status.ts"
import { type EventType, QuotationSource } from "./event-catalog.ts"
import { Timestamp } from "../shared/fields.ts"
import { AdvisorRef, BranchRef, CompanyRef, QuotationComment, QuotationItem } from "../quotations/views.ts"
import { ClientId, EventId, QuotationId } from "../shared/ids.ts"

/** A relation as payloads carry it; `null` (where nullable) once it is gone. */
const Ref = Schema.Struct({ id: Schema.String, name: Schema.String })

/** The spec's "Quotation (webhook shape)": the integration shape plus client name, company and ERP link. */
export const WebhookQuotation = Schema.Struct({
  id: QuotationId,
  code: Schema.String,
  status: QuotationStatus,
  source: QuotationSource,
  total: Schema.Finite.annotate({ description: "COP" }),
  notes: Schema.String.annotate({ description: "`\"\"` when there are none" }),
  routeDate: Schema.NullOr(Schema.String).annotate({ description: "YYYY-MM-DD" }),
  clientId: ClientId,
  clientName: Schema.String,
  company: Schema.NullOr(CompanyRef),
  branch: Schema.NullOr(BranchRef),
  advisor: Schema.NullOr(AdvisorRef),
  erp: Schema.Struct({
    quotationId: Schema.NullOr(Schema.String),
    url: Schema.NullOr(Schema.String)
  }).annotate({ description: "Set once the quotation was sent to the ERP (status `synced`)" }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  items: Schema.Array(Schema.Struct(Struct.omit(QuotationItem.fields, ["productId"])))
}).annotate({ identifier: "WebhookQuotation" })

const changes = Schema.Array(Schema.String).annotate({ description: "The fields that changed (spec \"Payloads\")" })

const QuotationCreatedData = Schema.Struct({ quotation: WebhookQuotation })
  .annotate({ identifier: "QuotationCreatedData" })

const QuotationStatusData = Schema.Struct({
  status: QuotationStatus.annotate({ description: "The status this event moved to" }),
  previousStatus: Schema.NullOr(QuotationStatus),
  quotation: WebhookQuotation
}).annotate({ identifier: "QuotationStatusData" })

const QuotationCommentData = Schema.Struct({
  comment: Schema.NullOr(QuotationComment).annotate({ description: "null once the comment was deleted" }),
  quotation: WebhookQuotation
}).annotate({ identifier: "QuotationCommentData" })

/** The client in `client.*` events (the service builds it with SQL: app/webhooks/payloads). */
export const WebhookClient = Schema.Struct({
  id: ClientId,
  name: Schema.String,
  email: Schema.NullOr(Schema.String),
  nit: Schema.String,
  active: Schema.Boolean,
  company: Schema.NullOr(Ref),
  branch: Schema.NullOr(Ref),
  priceList: Schema.NullOr(Ref),
  phones: Schema.Array(Schema.Struct({ phone: Schema.String, label: Schema.String }))
})

const ClientData = Schema.Struct({ changes, client: WebhookClient }).annotate({ identifier: "ClientEventData" })

/** The branch in `branch.updated` events; its route's calendar shown as the label only. */
export const WebhookBranch = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  city: Schema.String,
  address: Schema.String,
  active: Schema.Boolean,
  company: Ref,
  advisor: Schema.NullOr(Ref),
  route: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String, schedule: Schema.String }))
})

const BranchData = Schema.Struct({
  changes,
  branch: WebhookBranch
}).annotate({ identifier: "BranchEventData" })

const RouteData = Schema.Struct({
  changes,
  route: Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    active: Schema.Boolean,
    schedule: CutoffSchedule,
    branchIds: Schema.Array(Schema.String).annotate({ description: "The active branches on the route" })
  })
}).annotate({ identifier: "RouteEventData" })

const feedEvent = <const Type extends Exclude<EventType, "ping">, Data extends Schema.Top>(type: Type, data: Data) =>
  Schema.Struct({
    id: EventId,
    type: Schema.Literal(type),
    apiVersion: Schema.String,
    createdAt: Timestamp,
    data: Schema.NullOr(data).annotate({
      description: "The event's data as a delivery would carry it now; null when its entity no longer exists"
    })
  })

/** An event of the feed: one member per subscribable event type, told apart by `type`. */
export const WebhookFeedEvent = Schema.Union([
  feedEvent("quotation.created", QuotationCreatedData),
  feedEvent("quotation.status_changed", QuotationStatusData),
  feedEvent("quotation.approved", QuotationStatusData),
  feedEvent("quotation.rejected", QuotationStatusData),
  feedEvent("quotation.comment_added", QuotationCommentData),
  feedEvent("client.created", ClientData),
  feedEvent("client.updated", ClientData),
  feedEvent("branch.updated", BranchData),
  feedEvent("route.updated", RouteData)
]).annotate({ identifier: "WebhookFeedEvent" })
export type WebhookFeedEvent = typeof WebhookFeedEvent.Type
