/**
 * The `data` of each event type (spec "Events → Payloads"), built at send time from the
 * current state of the entity (spec: "Entities in data reflect their state at send
 * time"), so a late retry carries the newest state. Events themselves hold only what the
 * moment of the change knew: the status pair, the changed fields, the comment id.
 *
 * Nullable relations (a quotation whose branch was deleted, a branch without route or
 * advisor, a client on the general price list) are `null`; text columns the spec types
 * as plain strings (`notes`, a phone `label`) are `""` when empty. docs/webhooks.md.
 */
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { scheduleLabel } from "@quote/core/calendar/label"
import { Frequency } from "@quote/core/calendar/schedule"
import type { EventType } from "./event-catalog.ts"

/** What the dispatcher knows of an event when it builds the payload. */
export interface PayloadEvent {
  readonly type: EventType
  readonly entityId: string
  readonly changes: ReadonlyArray<string>
  readonly status: string | null
  readonly previousStatus: string | null
  readonly commentId: string | null
}

export interface Ref {
  readonly id: string
  readonly name: string
}

const ref = (id: string | null, name: string | null): Ref | null =>
  id === null ? null : { id, name: name ?? "" }

// ---------------------------------------------------------------------------------------
// Rows

const Weekday = Schema.Literals([1, 2, 3, 4, 5, 6, 7])

/** The calendar columns of a route, as both route and branch payloads read them. */
const calendarColumns = {
  operation_days: Schema.Array(Weekday),
  frequency: Frequency,
  anchor_date: Schema.NullOr(Schema.String),
  cutoff_days_before: Schema.Int,
  cutoff_time: Schema.String
}

const QuotationItem = Schema.Struct({
  sku: Schema.String,
  name: Schema.String,
  quantity: Schema.Number,
  unitPrice: Schema.Number,
  priceType: Schema.String,
  subtotal: Schema.Number
})

const QuotationRow = Schema.Struct({
  id: Schema.String,
  code: Schema.String,
  status: Schema.String,
  source: Schema.String,
  total: Schema.Number,
  notes: Schema.NullOr(Schema.String),
  route_date: Schema.NullOr(Schema.String),
  client_id: Schema.String,
  client_name: Schema.String,
  company_id: Schema.NullOr(Schema.String),
  company_name: Schema.NullOr(Schema.String),
  branch_id: Schema.NullOr(Schema.String),
  branch_name: Schema.NullOr(Schema.String),
  advisor_id: Schema.NullOr(Schema.String),
  advisor_name: Schema.NullOr(Schema.String),
  erp_quotation_id: Schema.NullOr(Schema.String),
  erp_url: Schema.NullOr(Schema.String),
  created_at: Schema.Date,
  updated_at: Schema.Date,
  items: Schema.Array(QuotationItem)
})

const CommentRow = Schema.Struct({
  id: Schema.String,
  text: Schema.String,
  created_at: Schema.Date,
  author_id: Schema.NullOr(Schema.String),
  author_name: Schema.NullOr(Schema.String),
  author_role: Schema.NullOr(Schema.String)
})

const ClientRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  email: Schema.NullOr(Schema.String),
  nit: Schema.String,
  active: Schema.Boolean,
  company_id: Schema.NullOr(Schema.String),
  company_name: Schema.NullOr(Schema.String),
  branch_id: Schema.NullOr(Schema.String),
  branch_name: Schema.NullOr(Schema.String),
  price_list_id: Schema.NullOr(Schema.String),
  price_list_name: Schema.NullOr(Schema.String),
  phones: Schema.Array(Schema.Struct({ phone: Schema.String, label: Schema.String }))
})

const BranchRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  city: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  company_id: Schema.String,
  company_name: Schema.String,
  advisor_id: Schema.NullOr(Schema.String),
  advisor_name: Schema.NullOr(Schema.String),
  route_id: Schema.NullOr(Schema.String),
  route_name: Schema.NullOr(Schema.String),
  operation_days: Schema.NullOr(calendarColumns.operation_days),
  frequency: Schema.NullOr(Frequency),
  anchor_date: calendarColumns.anchor_date,
  cutoff_days_before: Schema.NullOr(Schema.Int),
  cutoff_time: Schema.NullOr(Schema.String)
})

const RouteRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  active: Schema.Boolean,
  ...calendarColumns,
  branch_ids: Schema.Array(Schema.String)
})

type Calendar = Pick<typeof RouteRow.Type, keyof typeof calendarColumns>

/** The spec's route `schedule` object (the label derived, never stored). */
const scheduleOf = (row: Calendar) => {
  const fields = {
    operationDays: row.operation_days,
    frequency: row.frequency,
    // A weekly route has no anchor (docs/domain.md), whatever a direct UPDATE left.
    anchorDate: row.frequency === "weekly" ? null : row.anchor_date,
    cutoffDaysBefore: row.cutoff_days_before,
    cutoffTime: row.cutoff_time
  }
  return { ...fields, label: scheduleLabel(fields) }
}

// ---------------------------------------------------------------------------------------
// Shapes

const quotationJson = (row: typeof QuotationRow.Type) => ({
  id: row.id,
  code: row.code,
  status: row.status,
  source: row.source,
  total: row.total,
  notes: row.notes ?? "",
  routeDate: row.route_date,
  clientId: row.client_id,
  clientName: row.client_name,
  company: ref(row.company_id, row.company_name),
  branch: ref(row.branch_id, row.branch_name),
  advisor: ref(row.advisor_id, row.advisor_name),
  erp: { quotationId: row.erp_quotation_id, url: row.erp_url },
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  items: row.items
})

const commentJson = (row: typeof CommentRow.Type) => ({
  id: row.id,
  text: row.text,
  createdAt: row.created_at.toISOString(),
  author: row.author_id === null ? null : { id: row.author_id, name: row.author_name ?? "", role: row.author_role ?? "" }
})

const clientJson = (row: typeof ClientRow.Type) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  nit: row.nit,
  active: row.active,
  company: ref(row.company_id, row.company_name),
  branch: ref(row.branch_id, row.branch_name),
  priceList: ref(row.price_list_id, row.price_list_name),
  phones: row.phones
})

const branchJson = (row: typeof BranchRow.Type) => ({
  id: row.id,
  name: row.name,
  city: row.city ?? "",
  address: row.address ?? "",
  active: row.active,
  company: { id: row.company_id, name: row.company_name },
  advisor: ref(row.advisor_id, row.advisor_name),
  route: row.route_id === null || row.operation_days === null || row.frequency === null ||
      row.cutoff_days_before === null || row.cutoff_time === null
    ? null
    : {
      id: row.route_id,
      name: row.route_name ?? "",
      schedule: scheduleOf({
        operation_days: row.operation_days,
        frequency: row.frequency,
        anchor_date: row.anchor_date,
        cutoff_days_before: row.cutoff_days_before,
        cutoff_time: row.cutoff_time
      }).label
    }
})

const routeJson = (row: typeof RouteRow.Type) => ({
  id: row.id,
  name: row.name,
  active: row.active,
  schedule: scheduleOf(row),
  branchIds: row.branch_ids
})

/** An event whose payload is wanted, with its id to answer by. */
export type IdentifiedEvent = PayloadEvent & { readonly id: string }

const byId = <A extends { readonly id: string }>(rows: ReadonlyArray<A>) => new Map(rows.map((row) => [row.id, row]))

/** The distinct entity ids of the events whose type passes `wanted`. */
const idsOf = (events: ReadonlyArray<IdentifiedEvent>, wanted: (event: IdentifiedEvent) => string | null) =>
  [...new Set(events.map(wanted).filter((id): id is string => id !== null))]

export class WebhookPayloads extends Context.Service<WebhookPayloads, {
  /**
   * The `data` of each event, by event id: `None` when its entity no longer exists.
   * One query per entity kind for the whole batch, whatever its size.
   */
  readonly build: (events: ReadonlyArray<IdentifiedEvent>) => Effect.Effect<ReadonlyMap<string, Option.Option<unknown>>>
}>()("@quote/adapters/webhooks/WebhookPayloads") {
  static readonly layer = Layer.effect(
    WebhookPayloads,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const Ids = Schema.Array(Schema.String)

      const quotations = SqlSchema.findAll({
        Request: Ids,
        Result: QuotationRow,
        execute: (ids) => sql`
          select q.id, q.code, q.status, q.source, q.total, q.notes, q.route_date, q.client_id,
                 c.name as client_name, co.id as company_id, co.name as company_name,
                 b.id as branch_id, b.name as branch_name, a.id as advisor_id, a.name as advisor_name,
                 q.erp_quotation_id, q.erp_url, q.created_at, q.updated_at,
                 coalesce((
                   select json_agg(json_build_object(
                            'sku', i.sku, 'name', i.name, 'quantity', i.quantity, 'unitPrice', i.unit_price,
                            'priceType', i.price_type, 'subtotal', i.subtotal
                          ) order by i.position, i.created_at, i.id)
                     from quotation_items i where i.quotation_id = q.id
                 ), '[]'::json) as items
            from quotations q
            join clients c on c.id = q.client_id
            left join companies co on co.id = q.company_id
            left join branches b on b.id = q.branch_id
            left join users a on a.id = q.advisor_id
           where q.id = any (${ids}::uuid[])`
      })

      const comments = SqlSchema.findAll({
        Request: Ids,
        Result: CommentRow,
        execute: (ids) => sql`
          select qc.id, qc.text, qc.created_at, u.id as author_id, u.name as author_name, u.role as author_role
            from quotation_comments qc left join users u on u.id = qc.author_id
           where qc.id = any (${ids}::uuid[])`
      })

      const clients = SqlSchema.findAll({
        Request: Ids,
        Result: ClientRow,
        execute: (ids) => sql`
          select c.id, c.name, c.email, c.nit, c.active, co.id as company_id, co.name as company_name,
                 b.id as branch_id, b.name as branch_name, pl.id as price_list_id, pl.name as price_list_name,
                 coalesce((
                   select json_agg(json_build_object('phone', p.phone, 'label', coalesce(p.label, ''))
                                   order by p.created_at, p.phone)
                     from client_phones p where p.client_id = c.id
                 ), '[]'::json) as phones
            from clients c
            left join companies co on co.id = c.company_id
            left join branches b on b.id = c.branch_id
            left join price_lists pl on pl.id = c.price_list_id
           where c.id = any (${ids}::uuid[])`
      })

      const branches = SqlSchema.findAll({
        Request: Ids,
        Result: BranchRow,
        execute: (ids) => sql`
          select b.id, b.name, b.city, b.address, b.active, co.id as company_id, co.name as company_name,
                 a.id as advisor_id, a.name as advisor_name, r.id as route_id, r.name as route_name,
                 r.operation_days, r.frequency, r.anchor_date, r.cutoff_days_before, r.cutoff_time
            from branches b
            join companies co on co.id = b.company_id
            left join users a on a.id = b.advisor_id
            left join routes r on r.id = b.route_id
           where b.id = any (${ids}::uuid[])`
      })

      const routes = SqlSchema.findAll({
        Request: Ids,
        Result: RouteRow,
        execute: (ids) => sql`
          select r.id, r.name, r.active, r.operation_days, r.frequency, r.anchor_date,
                 r.cutoff_days_before, r.cutoff_time,
                 array(
                   select b.id::text from branches b
                    where b.route_id = r.id and b.active
                    order by b.created_at, b.id
                 ) as branch_ids
            from routes r
           where r.id = any (${ids}::uuid[])`
      })

      /** Rows by id for the ids wanted; no query when none is. */
      const load = <A extends { readonly id: string }, E>(
        ids: ReadonlyArray<string>,
        query: (ids: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<A>, E>
      ) => (ids.length === 0 ? Effect.succeed(new Map<string, A>()) : Effect.map(query(ids), byId))

      const build = Effect.fn("WebhookPayloads.build")(function*(events: ReadonlyArray<IdentifiedEvent>) {
        const kind = (prefix: string) => (event: IdentifiedEvent) => event.type.startsWith(prefix) ? event.entityId : null
        const [quotation, comment, client, branch, route] = yield* Effect.all([
          load(idsOf(events, kind("quotation.")), quotations),
          load(idsOf(events, (event) => event.commentId), comments),
          load(idsOf(events, kind("client.")), clients),
          load(idsOf(events, kind("branch.")), branches),
          load(idsOf(events, kind("route.")), routes)
        ])
        const payloadOf = (event: IdentifiedEvent): Option.Option<unknown> => {
          const changes = event.changes
          const found = <A>(rows: ReadonlyMap<string, A>) => Option.fromNullishOr(rows.get(event.entityId))
          switch (event.type) {
            case "ping":
              return Option.some({ message: "Prueba de webhook: si recibes este mensaje, el endpoint está bien configurado." })
            case "quotation.created":
              return Option.map(found(quotation), (row) => ({ quotation: quotationJson(row) }))
            case "quotation.status_changed":
            case "quotation.approved":
            case "quotation.rejected":
              return Option.map(found(quotation), (row) => ({
                status: event.status,
                previousStatus: event.previousStatus,
                quotation: quotationJson(row)
              }))
            case "quotation.comment_added":
              return Option.map(found(quotation), (row) => {
                const note = event.commentId === null ? undefined : comment.get(event.commentId)
                return { comment: note === undefined ? null : commentJson(note), quotation: quotationJson(row) }
              })
            case "client.created":
            case "client.updated":
              return Option.map(found(client), (row) => ({ changes, client: clientJson(row) }))
            case "branch.updated":
              return Option.map(found(branch), (row) => ({ changes, branch: branchJson(row) }))
            case "route.updated":
              return Option.map(found(route), (row) => ({ changes, route: routeJson(row) }))
          }
        }
        return new Map(events.map((event) => [event.id, payloadOf(event)] as const))
      }, Effect.orDie)

      return WebhookPayloads.of({ build })
    })
  )
}
