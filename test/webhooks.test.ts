/**
 * Webhooks end to end (issue #6): the real server, a local receiver, and changes made
 * directly with SQL (the triggers record the events). Signatures are checked by an
 * independent implementation, Stripe's Node SDK, which verifies this exact
 * `t=…,v1=…` scheme over the raw body. Real clock (`excludeTestServices`): signatures
 * carry the send time and Stripe compares it with the wall clock.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import Stripe from "stripe"
import { verifySignature } from "@quote/core/webhook-signature"
import { type ReceivedRequest, startTestReceiver, type TestReceiver } from "@quote/adapters/dev/webhook-test-receiver"
import {
  about,
  addComment,
  addPhone,
  envelopeOf,
  makeClient,
  makeFullQuotation,
  makeRoute,
  makeUser,
  renameRoute,
  signaturesOf,
  unique
} from "../packages/adapters/test/app/webhooks/fixtures.ts"
import { errorCode, SqlClient, TestServer, testUsers } from "./support/test-server.ts"

const stripe = new Stripe("sk_test_not_used_for_requests")

interface CreatedEndpoint {
  readonly id: string
  readonly secret: string
  readonly [key: string]: unknown
}

type Server = TestServer["Service"]

/** Registers an endpoint for the test and deletes it when the test ends. */
const registerEndpoint = (server: Server, token: string, body: Record<string, unknown>) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      const response = yield* server.request("POST", "/api/webhooks", { token, body: { name: `hook ${unique()}`, ...body } })
      assert.strictEqual(response.status, 201, response.text)
      return response.body as CreatedEndpoint
    }),
    (endpoint) => Effect.asVoid(server.request("DELETE", `/api/webhooks/${endpoint.id}`, { token }))
  )

/** Verifies with Stripe's SDK (throws on a bad signature) and returns the parsed body. */
const stripeVerifies = (request: ReceivedRequest, secret: string): boolean => {
  try {
    stripe.webhooks.constructEvent(request.rawBody, request.headers["x-service-signature"] ?? "", secret)
    return true
  } catch {
    return false
  }
}

const oneEvent = (receiver: TestReceiver, entityId: string, type: string) =>
  Effect.map(receiver.waitFor(1, about(entityId, type)), (requests) => envelopeOf(requests[0]!))

const sortedKeys = (value: unknown) => Object.keys(value as object).sort()

/** A delivery as `GET /:id/deliveries` lists it, once `ready` (an answer is recorded after the receiver saw it). */
const listedDelivery = (
  server: Server,
  token: string,
  endpointId: string,
  deliveryId: string,
  ready: (item: Record<string, unknown>) => boolean
) =>
  Effect.gen(function*() {
    for (let tries = 0;; tries++) {
      const response = yield* server.request("GET", `/api/webhooks/${endpointId}/deliveries`, { token })
      const found = (response.body as { items: Array<Record<string, unknown>> }).items.find((item) => item.id === deliveryId)
      if ((found !== undefined && ready(found)) || tries === 200) return found
      yield* Effect.promise(() => new Promise((wake) => setTimeout(wake, 20)))
    }
  })

layer(TestServer.layer(), { excludeTestServices: true })("webhooks", (it) => {
  it.effect("GET /events: the catalog (ping not subscribable) and a YYYY-MM-DD apiVersion", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const response = yield* server.request("GET", "/api/webhooks/events", { token: admin })
      assert.strictEqual(response.status, 200)
      const body = response.body as { apiVersion: string; events: Array<{ type: string; subscribable: boolean }> }
      assert.match(body.apiVersion, /^\d{4}-\d{2}-\d{2}$/)
      assert.deepStrictEqual(body.events.map((event) => event.type), [
        "quotation.created",
        "quotation.status_changed",
        "quotation.approved",
        "quotation.rejected",
        "quotation.comment_added",
        "client.created",
        "client.updated",
        "branch.updated",
        "route.updated",
        "ping"
      ])
      assert.deepStrictEqual(body.events.filter((event) => !event.subscribable).map((event) => event.type), ["ping"])
    }))

  it.effect("admin only: no token 401 INVALID_TOKEN, advisor or client 403 FORBIDDEN, cron secret is not a login", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const advisor = yield* server.login(testUsers.advisor)
      const client = yield* server.login(testUsers.client)
      const anonymous = yield* server.request("GET", "/api/webhooks")
      assert.strictEqual(anonymous.status, 401)
      assert.strictEqual(errorCode(anonymous), "INVALID_TOKEN")
      for (const token of [advisor, client]) {
        const response = yield* server.request("POST", "/api/webhooks", {
          token,
          body: { name: "x", url: "https://hooks.example.com/x", events: ["route.updated"] }
        })
        assert.strictEqual(response.status, 403)
        assert.strictEqual(errorCode(response), "FORBIDDEN")
      }
      const cron = yield* server.request("GET", "/api/webhooks", { token: "test-cron-secret" })
      assert.strictEqual(cron.status, 401)
    }))

  it.effect("create: 201 with the whsec_ secret once; the list shows secretHint and stats, never a secret", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const created = yield* registerEndpoint(server, admin, {
        name: "  CRM  ",
        url: "https://hooks.example.com/quotations",
        events: ["quotation.created", "quotation.created", "client.created"],
        sources: ["web"]
      })
      assert.match(created.secret, /^whsec_[A-Za-z0-9]{40}$/)
      assert.strictEqual(created.name, "CRM")
      assert.deepStrictEqual(created.events, ["quotation.created", "client.created"])
      assert.deepStrictEqual(created.sources, ["web"])
      assert.strictEqual(created.active, true)
      assert.strictEqual(created.secretHint, created.secret.slice(-4))
      assert.deepStrictEqual(created.stats, { pending: 0, delivered24h: 0, failed24h: 0 })
      assert.isNull(created.lastSuccessAt)

      const list = yield* server.request("GET", "/api/webhooks", { token: admin })
      assert.strictEqual(list.status, 200)
      assert.notInclude(list.text, created.secret)
      assert.notInclude(list.text, "whsec_")
      const listed = (list.body as { items: Array<Record<string, unknown>> }).items.find((item) => item.id === created.id)
      assert.deepStrictEqual(sortedKeys(listed), [
        "active",
        "createdAt",
        "events",
        "id",
        "lastFailureAt",
        "lastSuccessAt",
        "name",
        "secretHint",
        "sources",
        "stats",
        "url"
      ])
      assert.strictEqual(listed?.secretHint, created.secret.slice(-4))
    }))

  it.effect("create validation: every bad field is a 400 with a clear code", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const base = { name: "x", url: "https://hooks.example.com/x", events: ["route.updated"] }
      const cases: ReadonlyArray<readonly [Record<string, unknown>, string]> = [
        [{ ...base, name: "   " }, "VALIDATION_ERROR"],
        [{ url: base.url, events: base.events }, "VALIDATION_ERROR"],
        [{ ...base, events: [] }, "VALIDATION_ERROR"],
        [{ ...base, events: ["ping"] }, "VALIDATION_ERROR"],
        [{ ...base, events: ["quotation.deleted"] }, "VALIDATION_ERROR"],
        [{ ...base, sources: [] }, "VALIDATION_ERROR"],
        [{ ...base, sources: ["email"] }, "VALIDATION_ERROR"],
        [{ ...base, url: "not a url" }, "INVALID_WEBHOOK_URL"],
        [{ ...base, url: "ftp://hooks.example.com/x" }, "INVALID_WEBHOOK_URL"],
        [{ ...base, url: "https://10.1.2.3/x" }, "INVALID_WEBHOOK_URL"]
      ]
      for (const [body, code] of cases) {
        const response = yield* server.request("POST", "/api/webhooks", { token: admin, body })
        assert.strictEqual(response.status, 400, JSON.stringify(body))
        assert.strictEqual(errorCode(response), code, JSON.stringify(body))
      }
      const notHttps = yield* server.request("POST", "/api/webhooks", {
        token: admin,
        body: { ...base, url: "ftp://hooks.example.com/x" }
      })
      assert.strictEqual((notHttps.body as { error: { details: { reason: string } } }).error.details.reason, "NOT_HTTPS")
    }))

  it.effect("PATCH: fields change, sources null means all, EMPTY_PATCH, 404, malformed id 400", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const created = yield* registerEndpoint(server, admin, {
        url: "https://hooks.example.com/a",
        events: ["quotation.created"],
        sources: ["chat"]
      })
      const path = `/api/webhooks/${created.id}`
      const changed = yield* server.request("PATCH", path, {
        token: admin,
        body: { name: "Renamed", url: "https://hooks.example.com/b", events: ["client.updated"], sources: null, active: false }
      })
      assert.strictEqual(changed.status, 200, changed.text)
      const body = changed.body as Record<string, unknown>
      assert.strictEqual(body.name, "Renamed")
      assert.strictEqual(body.url, "https://hooks.example.com/b")
      assert.deepStrictEqual(body.events, ["client.updated"])
      assert.isNull(body.sources)
      assert.strictEqual(body.active, false)
      assert.notProperty(body, "secret")

      const empty = yield* server.request("PATCH", path, { token: admin, body: {} })
      assert.strictEqual(empty.status, 400)
      assert.strictEqual(errorCode(empty), "EMPTY_PATCH")
      const blocked = yield* server.request("PATCH", path, { token: admin, body: { url: "https://192.168.0.10/" } })
      assert.strictEqual(errorCode(blocked), "INVALID_WEBHOOK_URL")
      const missing = yield* server.request("PATCH", `/api/webhooks/${crypto.randomUUID()}`, { token: admin, body: { active: true } })
      assert.strictEqual(missing.status, 404)
      assert.strictEqual(errorCode(missing), "NOT_FOUND")
      const malformed = yield* server.request("PATCH", "/api/webhooks/not-a-uuid", { token: admin, body: { active: true } })
      assert.strictEqual(malformed.status, 400)
      assert.strictEqual(errorCode(malformed), "VALIDATION_ERROR")
    }))

  it.effect("a direct SQL UPDATE routes SET name → route.updated: headers, envelope, signature verified by Stripe", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver()
      const endpoint = yield* registerEndpoint(server, admin, { url: `${receiver.url}/hooks`, events: ["route.updated"] })
      const routeId = yield* makeRoute
      const name = yield* renameRoute(routeId)

      const [request] = yield* receiver.waitFor(1, about(routeId, "route.updated"))
      assert.strictEqual(request!.path, "/hooks")
      const envelope = envelopeOf(request!)
      const headers = request!.headers
      assert.strictEqual(headers["content-type"], "application/json")
      assert.strictEqual(headers["user-agent"], "Service-Webhooks/1")
      assert.strictEqual(headers["x-service-event"], "route.updated")
      assert.strictEqual(headers["x-service-event-id"], envelope.id)
      assert.strictEqual(headers["x-service-delivery-attempt"], "1")
      assert.match(headers["x-service-signature"] ?? "", /^t=\d+,v1=[0-9a-f]{64}$/)
      assert.deepStrictEqual(sortedKeys(envelope), ["apiVersion", "createdAt", "data", "id", "type"])
      assert.strictEqual(envelope.type, "route.updated")
      assert.match(envelope.apiVersion, /^\d{4}-\d{2}-\d{2}$/)
      assert.strictEqual(new Date(envelope.createdAt).toISOString(), envelope.createdAt)
      assert.deepStrictEqual((envelope.data as { changes: Array<string> }).changes, ["name"])
      assert.strictEqual((envelope.data as { route: { name: string } }).route.name, name)

      // Independent verification (Stripe) and our own; a wrong secret or a changed byte fails.
      assert.isTrue(stripeVerifies(request!, endpoint.secret))
      assert.isFalse(stripeVerifies(request!, `${endpoint.secret}x`))
      assert.isFalse(stripeVerifies({ ...request!, rawBody: `${request!.rawBody} ` }, endpoint.secret))
      assert.strictEqual(verifySignature(request!.rawBody, headers["x-service-signature"], [endpoint.secret], Date.now())._tag, "Success")

      // The delivery id is the one listed (once the answer is recorded), and the endpoint's figures moved.
      const delivery = yield* listedDelivery(server, admin, endpoint.id, headers["x-service-delivery-id"]!, (item) => item.status === "delivered")
      assert.deepStrictEqual(sortedKeys(delivery), [
        "attempts",
        "createdAt",
        "deliveredAt",
        "eventId",
        "id",
        "lastAttemptAt",
        "lastError",
        "lastStatusCode",
        "nextAttemptAt",
        "status",
        "type"
      ])
      assert.strictEqual(delivery?.status, "delivered")
      assert.strictEqual(delivery?.eventId, envelope.id)
      assert.strictEqual(delivery?.attempts, 1)
      assert.strictEqual(delivery?.lastStatusCode, 200)
      assert.isNull(delivery?.nextAttemptAt)
      const list = yield* server.request("GET", "/api/webhooks", { token: admin })
      const listed = (list.body as { items: Array<{ id: string; lastSuccessAt: string | null; stats: { delivered24h: number } }> })
        .items.find((item) => item.id === endpoint.id)
      assert.isString(listed?.lastSuccessAt)
      assert.isAtLeast(listed?.stats.delivered24h ?? 0, 1)
    }))

  it.effect("payload shapes: quotation, status changes, comment, client, branch and route, built at send time", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = yield* SqlClient.SqlClient
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver()
      yield* registerEndpoint(server, admin, {
        url: `${receiver.url}/all`,
        events: [
          "quotation.created",
          "quotation.status_changed",
          "quotation.approved",
          "quotation.rejected",
          "quotation.comment_added",
          "client.created",
          "client.updated",
          "branch.updated",
          "route.updated"
        ]
      })

      const client = yield* makeClient
      const [names] = yield* sql<{ client: string; company: string; branch: string }>`
        select c.name as client, co.name as company, b.name as branch
          from clients c join companies co on co.id = c.company_id join branches b on b.id = c.branch_id
         where c.id = ${client.clientId}::uuid`
      const quotation = yield* makeFullQuotation(client, "chat")
      const [advisor] = yield* sql<{ name: string }>`select name from users where id = ${quotation.advisorId}::uuid`

      // quotation.created
      const created = yield* oneEvent(receiver, quotation.id, "quotation.created")
      assert.deepStrictEqual(sortedKeys(created.data), ["quotation"])
      const q = created.data.quotation as Record<string, unknown>
      assert.deepStrictEqual(sortedKeys(q), [
        "advisor",
        "branch",
        "clientId",
        "clientName",
        "code",
        "company",
        "createdAt",
        "erp",
        "id",
        "items",
        "notes",
        "routeDate",
        "source",
        "status",
        "total",
        "updatedAt"
      ])
      assert.deepStrictEqual(
        { ...q, createdAt: "-", updatedAt: "-" },
        {
          id: quotation.id,
          code: quotation.code,
          status: "pending",
          source: "chat",
          total: 25500,
          notes: "Entregar en la mañana",
          routeDate: "2030-01-03",
          clientId: client.clientId,
          clientName: names!.client,
          company: { id: client.companyId, name: names!.company },
          branch: { id: client.branchId, name: names!.branch },
          advisor: { id: quotation.advisorId, name: advisor!.name },
          erp: { quotationId: null, url: null },
          createdAt: "-",
          updatedAt: "-",
          items: [
            { sku: "SKU-1", name: "Arroz 500 g", quantity: 3, unitPrice: 2500, priceType: "price_list", subtotal: 7500 },
            { sku: "SKU-2", name: "Aceite 1 L", quantity: 2, unitPrice: 9000, priceType: "promotion", subtotal: 18000 }
          ]
        }
      )

      // quotation.status_changed + quotation.approved, then synced with the ERP's number and link
      yield* sql`update quotations set status = 'approved' where id = ${quotation.id}::uuid`
      for (const type of ["quotation.status_changed", "quotation.approved"]) {
        const event = yield* oneEvent(receiver, quotation.id, type)
        assert.deepStrictEqual(sortedKeys(event.data), ["previousStatus", "quotation", "status"])
        assert.strictEqual(event.data.status, "approved")
        assert.strictEqual(event.data.previousStatus, "pending")
      }
      yield* sql`update quotations set status = 'synced', erp_quotation_id = 'ERP-77', erp_url = 'https://erp.example.com/q/77'
                  where id = ${quotation.id}::uuid`
      const changes = yield* receiver.waitFor(2, about(quotation.id, "quotation.status_changed"))
      const synced = envelopeOf(changes.find((request) => request.rawBody.includes("ERP-77") && request.rawBody.includes('"status":"synced"'))!)
      assert.strictEqual(synced.data.previousStatus, "approved")
      assert.deepStrictEqual((synced.data.quotation as { erp: unknown }).erp, { quotationId: "ERP-77", url: "https://erp.example.com/q/77" })

      // quotation.comment_added
      const commentId = yield* addComment(quotation.id, quotation.advisorId, "Listo para despacho")
      const commented = yield* oneEvent(receiver, quotation.id, "quotation.comment_added")
      assert.deepStrictEqual(sortedKeys(commented.data), ["comment", "quotation"])
      const comment = commented.data.comment as Record<string, unknown>
      assert.deepStrictEqual({ ...comment, createdAt: "-" }, {
        id: commentId,
        text: "Listo para despacho",
        createdAt: "-",
        author: { id: quotation.advisorId, name: advisor!.name, role: "advisor" }
      })

      // client.created (changes []) then client.updated with its phones
      const clientCreated = yield* oneEvent(receiver, client.clientId, "client.created")
      const [clientRow] = yield* sql<{ name: string; nit: string }>`select name, nit from clients where id = ${client.clientId}::uuid`
      assert.deepStrictEqual(clientCreated.data.changes, [])
      const phone = `+57310${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`
      yield* addPhone(client.clientId, phone, "Compras")
      const clientUpdated = yield* oneEvent(receiver, client.clientId, "client.updated")
      assert.deepStrictEqual(clientUpdated.data, {
        changes: ["phones"],
        client: {
          id: client.clientId,
          name: clientRow!.name,
          email: "client@example.com",
          nit: clientRow!.nit,
          active: true,
          company: { id: client.companyId, name: names!.company },
          branch: { id: client.branchId, name: names!.branch },
          priceList: null,
          phones: [{ phone, label: "Compras" }]
        }
      })

      // branch.updated: company, advisor and the route with its schedule label
      const advisorId = yield* makeUser("advisor")
      yield* sql`update branches set city = 'Cali', advisor_id = ${advisorId}::uuid where id = ${client.branchId}::uuid`
      const branch = yield* oneEvent(receiver, client.branchId, "branch.updated")
      const [routeRow] = yield* sql<{ name: string }>`select name from routes where id = ${client.routeId}::uuid`
      const [advisorRow] = yield* sql<{ name: string }>`select name from users where id = ${advisorId}::uuid`
      assert.deepStrictEqual(branch.data, {
        changes: ["city", "advisor"],
        branch: {
          id: client.branchId,
          name: names!.branch,
          city: "Cali",
          address: "Calle 1",
          active: true,
          company: { id: client.companyId, name: names!.company },
          advisor: { id: advisorId, name: advisorRow!.name },
          route: {
            id: client.routeId,
            name: routeRow!.name,
            schedule: "Lunes y jueves, cada semana. Cierre: 1 día antes a las 5:00 p. m."
          }
        }
      })

      // route.updated: the calendar object and only the active branches using the route
      yield* sql`insert into branches (company_id, name, route_id, active)
                 values (${client.companyId}::uuid, ${`Inactive ${unique()}`}, ${client.routeId}::uuid, false)`
      yield* sql`update routes set frequency = 'biweekly', anchor_date = '2030-01-07', cutoff_time = '18:30'
                  where id = ${client.routeId}::uuid`
      const route = yield* oneEvent(receiver, client.routeId, "route.updated")
      assert.deepStrictEqual(route.data, {
        changes: ["frequency", "anchorDate", "cutoffTime"],
        route: {
          id: client.routeId,
          name: routeRow!.name,
          active: true,
          schedule: {
            operationDays: [1, 4],
            frequency: "biweekly",
            anchorDate: "2030-01-07",
            cutoffDaysBefore: 1,
            cutoffTime: "18:30",
            label: "Lunes y jueves, cada dos semanas. Cierre: 1 día antes a las 6:30 p. m."
          },
          branchIds: [client.branchId]
        }
      })
    }))

  it.effect("sources filter: a chat-only endpoint gets chat quotations only, and client events regardless", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const chatOnly = yield* startTestReceiver()
      const everyone = yield* startTestReceiver()
      const events = ["quotation.created", "client.created"]
      yield* registerEndpoint(server, admin, { url: `${chatOnly.url}/chat`, events, sources: ["chat"] })
      yield* registerEndpoint(server, admin, { url: `${everyone.url}/all`, events })

      const client = yield* makeClient
      const web = yield* makeFullQuotation(client, "web")
      const chat = yield* makeFullQuotation(client, "chat")
      // The unfiltered endpoint got all three: by then the filtered one got its share too.
      yield* everyone.waitFor(1, about(web.id, "quotation.created"))
      yield* everyone.waitFor(1, about(chat.id, "quotation.created"))
      yield* everyone.waitFor(1, about(client.clientId, "client.created"))
      yield* chatOnly.waitFor(1, about(chat.id, "quotation.created"))
      yield* chatOnly.waitFor(1, about(client.clientId, "client.created"))
      assert.strictEqual(chatOnly.received.filter(about(web.id)).length, 0)
    }))

  it.effect("an inactive endpoint receives nothing and keeps no pending deliveries", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = yield* SqlClient.SqlClient
      const admin = yield* server.login(testUsers.admin)
      const failing = yield* startTestReceiver(() => ({ status: 503 }))
      const witness = yield* startTestReceiver()
      const inactive = yield* registerEndpoint(server, admin, { url: `${failing.url}/off`, events: ["route.updated"] })
      yield* registerEndpoint(server, admin, { url: `${witness.url}/on`, events: ["route.updated"] })

      // A failing attempt leaves a pending delivery; deactivating the endpoint ends it.
      const first = yield* makeRoute
      yield* renameRoute(first)
      yield* failing.waitFor(1, about(first))
      yield* witness.waitFor(1, about(first))
      const deactivated = yield* server.request("PATCH", `/api/webhooks/${inactive.id}`, { token: admin, body: { active: false } })
      assert.strictEqual((deactivated.body as { stats: { pending: number } }).stats.pending, 0)
      const failed = yield* server.request("GET", `/api/webhooks/${inactive.id}/deliveries?status=failed`, { token: admin })
      const failedItems = (failed.body as { items: Array<{ lastError: string }> }).items
      assert.strictEqual(failedItems.length, 1)
      assert.strictEqual(failedItems[0]?.lastError, "Endpoint deactivated")

      // While inactive: the witness gets the next event, the inactive endpoint nothing at all.
      failing.clear()
      const second = yield* makeRoute
      yield* renameRoute(second)
      yield* witness.waitFor(1, about(second))
      const rows = yield* sql<{ count: number }>`
        select count(*)::int as count from webhook_deliveries where endpoint_id = ${inactive.id}::uuid and status = 'pending'`
      assert.strictEqual(rows[0]?.count, 0)
      const all = yield* sql<{ count: number }>`
        select count(*)::int as count from webhook_deliveries d join webhook_events e on e.id = d.event_id
         where d.endpoint_id = ${inactive.id}::uuid and e.entity_id = ${second}::uuid`
      assert.strictEqual(all[0]?.count, 0)
      assert.strictEqual(failing.received.length, 0)
    }))

  it.effect("secret rotation: during the grace both secrets verify; with 0 the old one stops at once", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver()
      const endpoint = yield* registerEndpoint(server, admin, { url: `${receiver.url}/rotate`, events: ["route.updated"] })
      const path = `/api/webhooks/${endpoint.id}/rotate-secret`

      const withGrace = yield* server.request("POST", path, { token: admin, body: { graceHours: 24 } })
      assert.strictEqual(withGrace.status, 200, withGrace.text)
      const graced = withGrace.body as { secret: string; secretHint: string; previousSecretExpiresAt: string }
      assert.match(graced.secret, /^whsec_/)
      assert.notStrictEqual(graced.secret, endpoint.secret)
      assert.strictEqual(graced.secretHint, graced.secret.slice(-4))
      const graceEnds = new Date(graced.previousSecretExpiresAt).getTime() - Date.now()
      assert.approximately(graceEnds, 24 * 3600_000, 60_000)

      const routeId = yield* makeRoute
      yield* renameRoute(routeId)
      const [during] = yield* receiver.waitFor(1, about(routeId))
      assert.deepStrictEqual(signaturesOf(during!, [graced.secret, endpoint.secret]), {
        timestamp: signaturesOf(during!, []).timestamp,
        count: 2,
        matches: [true, true]
      })
      assert.isTrue(stripeVerifies(during!, graced.secret))
      assert.isTrue(stripeVerifies(during!, endpoint.secret))

      const immediate = yield* server.request("POST", path, { token: admin, body: { graceHours: 0 } })
      const rotated = immediate.body as { secret: string; previousSecretExpiresAt: string | null }
      assert.isNull(rotated.previousSecretExpiresAt)
      receiver.clear()
      yield* renameRoute(routeId)
      const [after] = yield* receiver.waitFor(1, about(routeId))
      assert.strictEqual(signaturesOf(after!, []).count, 1)
      assert.isTrue(stripeVerifies(after!, rotated.secret))
      assert.isFalse(stripeVerifies(after!, graced.secret))
      assert.isFalse(stripeVerifies(after!, endpoint.secret))

      // Without a body, or without graceHours, the grace is the default 24 h; out of range is a 400.
      for (const options of [{ token: admin }, { token: admin, body: {} }]) {
        const defaulted = yield* server.request("POST", path, options)
        assert.strictEqual(defaulted.status, 200, defaulted.text)
        const defaultEnds = new Date((defaulted.body as { previousSecretExpiresAt: string }).previousSecretExpiresAt).getTime()
        assert.approximately(defaultEnds - Date.now(), 24 * 3600_000, 60_000)
      }
      for (const graceHours of [-1, 169, 1.5]) {
        const bad = yield* server.request("POST", path, { token: admin, body: { graceHours } })
        assert.strictEqual(bad.status, 400)
        assert.strictEqual(errorCode(bad), "VALIDATION_ERROR")
      }
      const missing = yield* server.request("POST", `/api/webhooks/${crypto.randomUUID()}/rotate-secret`, { token: admin, body: {} })
      assert.strictEqual(missing.status, 404)
    }))

  it.effect("test ping: sent now without retries; the answer reports the result", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver()
      const endpoint = yield* registerEndpoint(server, admin, { url: `${receiver.url}/ping`, events: ["route.updated"] })
      const ok = yield* server.request("POST", `/api/webhooks/${endpoint.id}/test`, { token: admin })
      assert.strictEqual(ok.status, 200, ok.text)
      const result = ok.body as Record<string, unknown>
      assert.deepStrictEqual(sortedKeys(result), ["attempts", "deliveryId", "durationMs", "error", "ok", "status", "statusCode"])
      assert.deepStrictEqual({ ...result, deliveryId: "-", durationMs: 0 }, {
        deliveryId: "-",
        ok: true,
        statusCode: 200,
        error: null,
        durationMs: 0,
        status: "delivered",
        attempts: 1
      })
      const [ping] = receiver.received
      assert.strictEqual(ping?.headers["x-service-event"], "ping")
      assert.strictEqual(ping?.headers["x-service-delivery-id"], result.deliveryId)
      const envelope = envelopeOf(ping!)
      assert.deepStrictEqual(sortedKeys(envelope.data), ["message"])
      assert.isTrue(stripeVerifies(ping!, endpoint.secret))

      receiver.respondWith(() => ({ status: 500 }))
      const failed = yield* server.request("POST", `/api/webhooks/${endpoint.id}/test`, { token: admin })
      const failure = failed.body as { ok: boolean; statusCode: number; error: string; status: string; attempts: number }
      assert.strictEqual(failed.status, 200)
      assert.isFalse(failure.ok)
      assert.strictEqual(failure.statusCode, 500)
      assert.strictEqual(failure.error, "HTTP 500")
      assert.strictEqual(failure.status, "failed")
      assert.strictEqual(failure.attempts, 1)

      const redirect = yield* startTestReceiver(() => ({ status: 302, headers: { location: `${receiver.url}/ping` } }))
      yield* server.request("PATCH", `/api/webhooks/${endpoint.id}`, { token: admin, body: { url: `${redirect.url}/moved` } })
      receiver.respondWith(() => ({ status: 200 }))
      receiver.clear()
      const redirected = yield* server.request("POST", `/api/webhooks/${endpoint.id}/test`, { token: admin })
      assert.strictEqual((redirected.body as { statusCode: number }).statusCode, 302)
      assert.strictEqual((redirected.body as { status: string }).status, "failed")
      assert.strictEqual(receiver.received.length, 0, "the redirect was not followed")

      const pings = yield* server.request("GET", `/api/webhooks/${endpoint.id}/deliveries`, { token: admin })
      const items = (pings.body as { items: Array<{ type: string; status: string }> }).items
      assert.deepStrictEqual(items.map((item) => `${item.type} ${item.status}`), ["ping failed", "ping failed", "ping delivered"])
      const missing = yield* server.request("POST", `/api/webhooks/${crypto.randomUUID()}/test`, { token: admin })
      assert.strictEqual(missing.status, 404)
      assert.strictEqual(errorCode(missing), "NOT_FOUND")
    }))

  it.effect("deliveries list filters and limits; a manual retry restarts the count and returns the new attempt", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver(() => ({ status: 500 }))
      const endpoint = yield* registerEndpoint(server, admin, { url: `${receiver.url}/retry`, events: ["route.updated"] })
      const routeId = yield* makeRoute
      yield* renameRoute(routeId)
      yield* receiver.waitFor(1, about(routeId))
      const listPath = `/api/webhooks/${endpoint.id}/deliveries`

      // The failed first attempt is recorded once the receiver answered.
      const [request] = receiver.received
      const delivery = (yield* listedDelivery(server, admin, endpoint.id, request!.headers["x-service-delivery-id"]!, (item) => item.attempts === 1)) as {
        id: string
        attempts: number
        nextAttemptAt: string
        lastError: string
        lastStatusCode: number
      }
      assert.strictEqual(delivery.attempts, 1)
      const pending = yield* server.request("GET", `${listPath}?status=pending`, { token: admin })
      assert.deepStrictEqual((pending.body as { items: Array<{ id: string }> }).items.map((item) => item.id), [delivery.id])
      assert.strictEqual(delivery.lastStatusCode, 500)
      assert.strictEqual(delivery.lastError, "HTTP 500")
      const wait = new Date(delivery.nextAttemptAt).getTime() - Date.now()
      assert.isAbove(wait, 30_000, "attempt 2 comes a minute after attempt 1")
      assert.isAtMost(wait, 60_000)
      const delivered = yield* server.request("GET", `${listPath}?status=delivered`, { token: admin })
      assert.deepStrictEqual((delivered.body as { items: Array<unknown> }).items, [])

      receiver.respondWith(() => ({ status: 204 }))
      const retried = yield* server.request("POST", `/api/webhooks/deliveries/${delivery.id}/retry`, { token: admin })
      assert.strictEqual(retried.status, 200, retried.text)
      assert.deepStrictEqual({ ...(retried.body as object), durationMs: 0 }, {
        deliveryId: delivery.id,
        ok: true,
        statusCode: 204,
        error: null,
        durationMs: 0,
        status: "delivered",
        attempts: 1
      })
      const last = receiver.received[receiver.received.length - 1]
      assert.strictEqual(last?.headers["x-service-delivery-attempt"], "1")
      assert.strictEqual(last?.headers["x-service-delivery-id"], delivery.id)

      // Any state: a delivered one can be sent again.
      const again = yield* server.request("POST", `/api/webhooks/deliveries/${delivery.id}/retry`, { token: admin })
      assert.strictEqual((again.body as { attempts: number; ok: boolean }).attempts, 1)
      assert.isTrue((again.body as { ok: boolean }).ok)

      const limited = yield* server.request("GET", `${listPath}?limit=1`, { token: admin })
      assert.strictEqual((limited.body as { items: Array<unknown> }).items.length, 1)
      for (const query of ["limit=0", "limit=201", "limit=abc", "status=lost"]) {
        const bad = yield* server.request("GET", `${listPath}?${query}`, { token: admin })
        assert.strictEqual(bad.status, 400, query)
        assert.strictEqual(errorCode(bad), "VALIDATION_ERROR", query)
      }
      const unknownEndpoint = yield* server.request("GET", `/api/webhooks/${crypto.randomUUID()}/deliveries`, { token: admin })
      assert.strictEqual(unknownEndpoint.status, 404)
      const unknownDelivery = yield* server.request("POST", `/api/webhooks/deliveries/${crypto.randomUUID()}/retry`, { token: admin })
      assert.strictEqual(unknownDelivery.status, 404)
      assert.strictEqual(errorCode(unknownDelivery), "NOT_FOUND")
    }))

  it.effect("DELETE removes the endpoint and its history", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = yield* SqlClient.SqlClient
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver()
      const endpoint = yield* registerEndpoint(server, admin, { url: `${receiver.url}/gone`, events: ["route.updated"] })
      yield* server.request("POST", `/api/webhooks/${endpoint.id}/test`, { token: admin })
      const routeId = yield* makeRoute
      yield* renameRoute(routeId)
      yield* receiver.waitFor(2)
      const removed = yield* server.request("DELETE", `/api/webhooks/${endpoint.id}`, { token: admin })
      assert.strictEqual(removed.status, 204)
      const [left] = yield* sql<{ deliveries: number; pings: number }>`
        select (select count(*) from webhook_deliveries where endpoint_id = ${endpoint.id}::uuid)::int as deliveries,
               (select count(*) from webhook_events where entity_id = ${endpoint.id}::uuid)::int as pings`
      assert.deepStrictEqual(left, { deliveries: 0, pings: 0 })
      const again = yield* server.request("DELETE", `/api/webhooks/${endpoint.id}`, { token: admin })
      assert.strictEqual(again.status, 404)
      assert.strictEqual(errorCode(again), "NOT_FOUND")
    }))

  it.effect("GET /api/cron/webhooks: the cron secret only; answers what it processed", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const missing = yield* server.request("GET", "/api/cron/webhooks")
      assert.strictEqual(missing.status, 401)
      const wrong = yield* server.request("GET", "/api/cron/webhooks", { token: "not-the-secret" })
      assert.strictEqual(wrong.status, 401)
      const login = yield* server.request("GET", "/api/cron/webhooks", { token: admin })
      assert.strictEqual(login.status, 401)
      const ok = yield* server.request("GET", "/api/cron/webhooks", { token: "test-cron-secret" })
      assert.strictEqual(ok.status, 200, ok.text)
      assert.deepStrictEqual(sortedKeys(ok.body), ["delivered", "dispatchedEvents", "failed", "pending", "processed", "purgedEvents"])
      for (const value of Object.values(ok.body as Record<string, unknown>)) assert.isAtLeast(value as number, 0)
    }))
})
