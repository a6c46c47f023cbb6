/**
 * Webhook payloads end to end (issue #6): headers, envelope and signature of a delivery,
 * and each event type's `data` built at send time, on the real server with a local
 * receiver and changes made
 * directly with SQL (the triggers record the events). Signatures are checked by an
 * independent implementation, Stripe's Node SDK (`support/webhook-endpoints.ts`). Real
 * clock (`excludeTestServices`): signatures carry the send time and Stripe compares it
 * with the wall clock.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { verifySignature } from "@quote/core/webhooks/webhook-signature"
import { startTestReceiver } from "@quote/adapters/dev/webhook-test-receiver"
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
  unique
} from "../packages/adapters/test/app/webhooks/fixtures.ts"
import { listedDelivery, oneEvent, registerEndpoint, sortedKeys, specEventTypes, stripeVerifies } from "./support/webhook-endpoints.ts"
import { SqlClient, TestServer, testUsers } from "./support/test-server.ts"

layer(TestServer.layer(), { excludeTestServices: true })("webhooks: payloads", (it) => {
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
      const { delivery, onTheWire } = yield* listedDelivery(
        server,
        admin,
        endpoint.id,
        headers["x-service-delivery-id"]!,
        (item) => item.status === "delivered"
      )
      assert.deepStrictEqual(sortedKeys(onTheWire), [
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
      const list = yield* (yield* server.api(admin)).webhooks.list()
      const listed = list.items.find((item) => item.id === endpoint.id)
      assert.instanceOf(listed?.lastSuccessAt, Date)
      assert.isAtLeast(listed?.stats.delivered24h ?? 0, 1)
    }))

  it.effect("payload shapes: quotation, status changes, comment, client, branch and route, built at send time", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const admin = yield* server.login(testUsers.admin)
      const receiver = yield* startTestReceiver()
      yield* registerEndpoint(server, admin, {
        url: `${receiver.url}/all`,
        events: [...specEventTypes]
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

})
