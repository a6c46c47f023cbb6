/**
 * The event feed's `data` is typed per event type (`WebhookFeedEvent`, core
 * views/webhook-payloads.ts; issue #25): every payload family — quotation, status change,
 * comment, client, branch, route — reaches the feed decoded through its declared shape,
 * so an undeclared or missing key would fail the page instead of being trimmed.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { QuotationId, RouteId } from "@quote/core/shared/ids"
import type { WebhookFeedEvent } from "@quote/core/webhooks/webhook-payloads"
import { insertAdvisor, insertBranch, insertClient, insertCompany, insertQuotation, routeIdByName } from "./support/quotation-fixtures.ts"
import { TestServer, testUsers } from "./support/test-server.ts"

/** The feed from `after` to its end, waiting (PostgreSQL: other files' open transactions) until `wanted` holds. */
const readFeedUntil = (token: string, after: string, wanted: (events: ReadonlyArray<WebhookFeedEvent>) => boolean) =>
  Effect.gen(function*() {
    const api = yield* Effect.flatMap(TestServer, (server) => server.api(token))
    const events: Array<WebhookFeedEvent> = []
    let cursor = after
    for (let tries = 0; tries < 150 && !wanted(events); tries++) {
      const page = yield* api.webhooks.feed({ query: { limit: 200, after: cursor } })
      events.push(...page.items)
      if (page.nextCursor === cursor) yield* Effect.sleep("100 millis")
      cursor = page.nextCursor
    }
    return events
  })

const endOfFeed = (token: string) =>
  Effect.gen(function*() {
    const api = yield* Effect.flatMap(TestServer, (server) => server.api(token))
    let cursor: string | undefined
    for (;;) {
      const page = yield* api.webhooks.feed({ query: cursor === undefined ? { limit: 200 } : { limit: 200, after: cursor } })
      if (page.nextCursor === cursor) return page.nextCursor
      cursor = page.nextCursor
    }
  })

layer(TestServer.layer(), { excludeTestServices: true })("webhooks: the feed's typed payloads", (it) => {
  it.effect("quotation, status, comment, client, branch and route events arrive with their declared data", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const api = yield* server.api(admin)
      const sql = yield* SqlClient.SqlClient
      const start = yield* endOfFeed(admin)

      const advisor = yield* insertAdvisor()
      const company = yield* insertCompany()
      const alwaysOpen = yield* routeIdByName("Always open")
      const branch = yield* insertBranch({ companyId: company.id, advisorId: advisor.id, routeId: alwaysOpen })
      const client = yield* insertClient({ companyId: company.id, branchId: branch.id, phones: [{ phone: "+573001112233" }] })
      const quotation = yield* insertQuotation({
        clientId: client.id,
        createdAt: new Date(),
        items: [{ sku: "ABA-001", quantity: 2, unitPrice: 1000 }]
      })
      const quotationId = Schema.decodeSync(QuotationId)(quotation.id)
      yield* api.quotations.changeStatus({ params: { id: quotationId }, payload: { status: "approved" } })
      yield* api.quotations.addComment({ params: { id: quotationId }, payload: { text: "Listo para despacho" } })
      yield* sql`update clients set name = ${`${client.name} II`} where id = ${client.id}`
      yield* sql`update branches set city = 'Medellín' where id = ${branch.id}`
      const route = yield* api.routes.create({
        payload: { name: `Ruta feed ${crypto.randomUUID().slice(0, 8)}`, operationDays: [1, 4], cutoffTime: "17:00" }
      })
      const routeId = Schema.decodeSync(RouteId)(route.id)
      yield* api.routes.update({ params: { id: routeId }, payload: { name: `Ruta feed ${crypto.randomUUID().slice(0, 8)}` } })

      const expected: ReadonlyArray<(event: WebhookFeedEvent) => boolean> = [
        (event) =>
          event.type === "quotation.created" && event.data?.quotation.id === quotationId &&
          event.data.quotation.items.length === 1 && event.data.quotation.items[0]?.sku === "ABA-001",
        (event) =>
          event.type === "quotation.status_changed" && event.data?.quotation.id === quotationId &&
          event.data.status === "approved" && event.data.previousStatus === "pending",
        (event) => event.type === "quotation.approved" && event.data?.quotation.status === "approved",
        (event) =>
          event.type === "quotation.comment_added" && event.data?.quotation.id === quotationId &&
          event.data.comment?.text === "Listo para despacho",
        (event) =>
          event.type === "client.updated" && event.data?.client.id === client.id && event.data.changes.includes("name") &&
          event.data.client.phones.some((phone) => phone.phone === "+573001112233"),
        (event) =>
          event.type === "branch.updated" && event.data?.branch.id === branch.id && event.data.branch.city === "Medellín" &&
          typeof event.data.branch.route?.schedule === "string",
        (event) =>
          event.type === "route.updated" && event.data?.route.id === routeId &&
          event.data.route.schedule.operationDays.join() === "1,4"
      ]
      const events = yield* readFeedUntil(admin, start, (seen) => expected.every((matches) => seen.some(matches)))
      expected.forEach((matches, index) => assert.isTrue(events.some(matches), `expected event #${index} in the feed`))
    }))
})
