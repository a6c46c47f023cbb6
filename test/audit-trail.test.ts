/**
 * The audit trail, black-box (docs/security.md "Audit trail"): an entry for each audited
 * action with the right actor, request id and address; no secret in any entry; the list's
 * filters and keyset pagination; append-only.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import type { AuditEntry, AuditQuery } from "@quote/core/audit/views"
import { ordinaryBusinessHour, SqlClient, TestServer, testUsers, uniqueTag } from "./support/test-server.ts"

/**
 * Every entry matching the query, newest first, following `nextCursor`; with the pages'
 * bodies as the wire carried them.
 */
const allPages = (token: string, query: AuditQuery = {}) =>
  Effect.gen(function*() {
    const api = yield* (yield* TestServer).api(token)
    const items: Array<AuditEntry> = []
    const wire: Array<string> = []
    let cursor: string | null = null
    do {
      const pageQuery: AuditQuery = { ...query, limit: 200, ...(cursor === null ? {} : { cursor }) }
      const [page, response] = yield* api.audit.list({ query: pageQuery, responseMode: "decoded-and-response" })
      items.push(...page.items)
      wire.push(yield* Effect.orDie(response.text))
      cursor = page.nextCursor
    } while (cursor !== null)
    return { items, wire }
  })

/** Every entry matching the query, newest first, following `nextCursor`. */
const allEntries = (token: string, query: AuditQuery = {}) => Effect.map(allPages(token, query), (pages) => pages.items)

const entriesOf = (token: string, entityId: string) => allEntries(token, { entityId })

/** A field of an entry's `summary` (any JSON). */
const summaryOf = <Field extends string>(entry: AuditEntry, field: Field) =>
  Schema.decodeUnknownSync(Schema.Struct({ [field]: Schema.Unknown }))(entry.summary)[field]

const changedFields = (entry: AuditEntry) =>
  Object.keys(Schema.decodeUnknownSync(Schema.Record(Schema.String, Schema.Unknown))(summaryOf(entry, "changes")))

layer(TestServer.layer({ startAt: ordinaryBusinessHour }), { excludeTestServices: true })("audit trail", (it) => {
  const adminSession = Effect.gen(function*() {
    const server = yield* TestServer
    const grant = yield* (yield* server.api()).auth.login({ payload: testUsers.admin })
    return { token: grant.accessToken, id: grant.user.id, api: yield* server.api(grant.accessToken) }
  })

  it.effect("logins: success, failure and throttled, with the account, request id and address", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* adminSession
      const requestId = `audit-login-${uniqueTag()}`
      const login = yield* server.request("POST", "/api/auth/login", { body: testUsers.advisor, headers: { "x-request-id": requestId } })
      assert.strictEqual(login.status, 200, login.text)
      const advisorId = (yield* allEntries(admin.token, { action: "auth.login_succeeded" }))
        .find((entry) => entry.requestId === requestId)
      assert.isDefined(advisorId)
      assert.strictEqual(advisorId!.actor.type, "user")
      assert.strictEqual(advisorId!.actor.role, "advisor")
      assert.strictEqual(advisorId!.entityId, advisorId!.actor.id)
      assert.strictEqual(advisorId!.clientAddress, "127.0.0.1")

      const unknownEmail = `nobody-${uniqueTag()}@example.com`
      for (let i = 0; i < 10; i++) {
        assert.strictEqual((yield* server.request("POST", "/api/auth/login", { body: { email: unknownEmail, password: `guess-${i}` } })).status, 401)
      }
      assert.strictEqual((yield* server.request("POST", "/api/auth/login", { body: { email: unknownEmail, password: "x" } })).status, 429)
      const failed = yield* allEntries(admin.token, { action: "auth.login_failed" })
      assert.isAtLeast(failed.length, 10)
      assert.strictEqual(failed[0].actor.type, "anonymous")
      assert.deepStrictEqual(failed[0].summary, { reason: "unknown_email" })
      const throttled = yield* allEntries(admin.token, { action: "auth.login_throttled" })
      assert.strictEqual(throttled.length, 1)
      assert.isNull(throttled[0].entityId)
    }))

  it.effect("API keys: create, patch, rotate and revoke, by the admin", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* adminSession
      const created = yield* admin.api.apiKeys.create({ payload: { name: `Audit ${uniqueTag()}`, scopes: ["catalog:read"] } })
      yield* admin.api.apiKeys.update({ params: { id: created.id }, payload: { name: "Renamed" } })
      const rotated = yield* admin.api.apiKeys.rotate({ params: { id: created.id }, payload: { graceHours: 1 } })
      assert.strictEqual((yield* server.request("DELETE", `/api/api-keys/${rotated.id}`, { token: admin.token })).status, 204)

      const oldKey = yield* entriesOf(admin.token, created.id)
      assert.deepStrictEqual(oldKey.map((entry) => entry.action).reverse(), ["api_key.created", "api_key.updated", "api_key.rotated"])
      assert.deepStrictEqual(changedFields(oldKey[1]), ["name"])
      const newKey = yield* entriesOf(admin.token, rotated.id)
      assert.deepStrictEqual(newKey.map((entry) => entry.action).reverse(), ["api_key.created", "api_key.revoked"])
      for (const entry of [...oldKey, ...newKey]) {
        assert.deepStrictEqual(entry.actor, { type: "user", id: admin.id, role: "admin" })
        assert.isString(entry.requestId)
      }
    }))

  it.effect("webhook endpoints: create, patch, rotate-secret, delete; disabling and direct database changes", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const admin = yield* adminSession
      const created = yield* admin.api.webhooks.create({
        payload: { name: `Hook ${uniqueTag()}`, url: "http://127.0.0.1:9/hook", events: ["quotation.created"] }
      })
      yield* admin.api.webhooks.update({ params: { id: created.id }, payload: { name: "Renamed hook" } })
      yield* admin.api.webhooks.rotateSecret({ params: { id: created.id }, payload: {} })
      // The dispatcher disables an endpoint that answers 410 with this statement's effect;
      // made here directly in the database, it is recorded with the database actor.
      yield* sql`update webhook_endpoints set active = false, disabled_reason = 'gone', disabled_at = now() where id = ${created.id}`
      assert.strictEqual((yield* server.request("DELETE", `/api/webhooks/${created.id}`, { token: admin.token })).status, 204)

      const entries = (yield* entriesOf(admin.token, created.id)).reverse()
      assert.deepStrictEqual(entries.map((entry) => entry.action), [
        "webhook_endpoint.created",
        "webhook_endpoint.updated",
        "webhook_endpoint.secret_rotated",
        "webhook_endpoint.disabled",
        "webhook_endpoint.deleted"
      ])
      assert.strictEqual(entries[3].actor.type, "database")
      for (const index of [0, 1, 2, 4]) assert.deepStrictEqual(entries[index].actor, { type: "user", id: admin.id, role: "admin" })
      // A rotation with the default grace keeps the old secret as the previous one: both change, neither shows.
      assert.deepStrictEqual(summaryOf(entries[2], "redactedColumns"), ["previous_secret", "secret"])
    }))

  it.effect("ERP settings, users, price lists, promotions and quotation status changes", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* adminSession
      yield* admin.api.erp.updateSettings({
        payload: { partnerId: "AuditPartner", username: "erp-user", accessKey: "erp-access-key-secret" }
      })
      const erp = yield* allEntries(admin.token, { entityType: "erp_settings" })
      assert.isAtLeast(erp.length, 1)
      assert.deepStrictEqual(erp[0].actor, { type: "user", id: admin.id, role: "admin" })

      const email = `audited-${uniqueTag()}@example.com`
      const user = yield* admin.api.users.create({
        payload: { name: "Auditado", email, password: "first-password", role: "advisor" }
      })
      yield* admin.api.users.update({ params: { id: user.id }, payload: { password: "second-password" } })
      yield* admin.api.users.update({ params: { id: user.id }, payload: { role: "admin" } })
      assert.strictEqual((yield* server.request("DELETE", `/api/users/${user.id}`, { token: admin.token })).status, 204)
      assert.deepStrictEqual((yield* entriesOf(admin.token, user.id)).map((entry) => entry.action).reverse(), [
        "user.created",
        "user.password_changed",
        "user.role_changed",
        "user.deactivated"
      ])

      const products = (yield* (yield* server.api()).catalog.products({ query: {} })).items
      const list = yield* admin.api.priceLists.create({
        payload: { name: `Lista ${uniqueTag()}`, items: [{ productId: products[0].id, price: 1000 }] }
      })
      yield* admin.api.priceLists.update({
        params: { id: list.id },
        payload: { items: [{ productId: products[0].id, price: 1200 }] }
      })
      assert.strictEqual((yield* server.request("DELETE", `/api/price-lists/${list.id}`, { token: admin.token })).status, 204)
      const listEntries = (yield* entriesOf(admin.token, list.id)).reverse()
      assert.strictEqual(listEntries[0].action, "price_list.created")
      assert.isTrue(listEntries.some((entry) => entry.action === "price_list.prices_changed"))
      assert.strictEqual(listEntries[listEntries.length - 1].action, "price_list.deleted")

      const promotion = yield* admin.api.promotions.create({
        payload: { name: `Promo ${uniqueTag()}`, kind: "general", productId: products[0].id, price: 500 }
      })
      yield* admin.api.promotions.update({ params: { id: promotion.id }, payload: { price: 450 } })
      assert.strictEqual((yield* server.request("DELETE", `/api/promotions/${promotion.id}`, { token: admin.token })).status, 204)
      const promotionEntries = (yield* entriesOf(admin.token, promotion.id)).reverse()
      assert.deepStrictEqual(promotionEntries.map((entry) => entry.action), ["promotion.created", "promotion.updated", "promotion.deleted"])
      assert.deepStrictEqual(summaryOf(promotionEntries[1], "changes"), { price: { from: 500, to: 450 } })

      const client = yield* server.api(yield* server.login(testUsers.client))
      const quotation = yield* client.quotations.create({ headers: {}, payload: { items: [{ sku: "ABA-001", quantity: 1 }] } })
      yield* admin.api.quotations.changeStatus({ params: { id: quotation.id }, payload: { status: "approved" } })
      const quotationEntries = yield* entriesOf(admin.token, quotation.id)
      assert.strictEqual(quotationEntries.length, 1)
      assert.strictEqual(quotationEntries[0].action, "quotation.status_changed")
      assert.deepStrictEqual(summaryOf(quotationEntries[0], "changes"), { status: { from: "pending", to: "approved" } })
      assert.deepStrictEqual(quotationEntries[0].actor, { type: "user", id: admin.id, role: "admin" })
    }))

  it.effect("no entry holds a secret, password, token or key value", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* adminSession
      const key = yield* admin.api.apiKeys.create({ payload: { name: `Secretive ${uniqueTag()}`, scopes: ["catalog:read"] } })
      const hook = yield* admin.api.webhooks.create({
        payload: { name: `Secret hook ${uniqueTag()}`, url: "http://127.0.0.1:9/secret", events: ["quotation.created"] }
      })
      const grant = yield* (yield* server.api()).auth.login({ payload: testUsers.client })
      // The entries as the wire carries them: nothing in them is left out.
      const text = (yield* allPages(admin.token)).wire.join("\n")
      for (const secret of [
        testUsers.admin.password,
        testUsers.client.password,
        "first-password",
        "second-password",
        "erp-access-key-secret",
        key.apiKey,
        // The first 12 characters are the key's public prefix (`keyPrefix`); the rest is the secret.
        key.apiKey.slice(12),
        hook.secret,
        grant.accessToken,
        grant.refreshToken,
        "$2b$",
        "$2a$",
        "whsec_"
      ]) {
        assert.notInclude(text, secret)
      }
    }))

  it.effect("filters, keyset pagination newest first, the limit bound, admin only", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* adminSession
      const first = yield* admin.api.audit.list({ query: { limit: 2 } })
      assert.strictEqual(first.items.length, 2)
      assert.isString(first.nextCursor)
      const second = yield* admin.api.audit.list({ query: { limit: 2, cursor: first.nextCursor! } })
      assert.isTrue(first.items[1].at.getTime() >= second.items[0].at.getTime())
      assert.notInclude(first.items.map((entry) => entry.id), second.items[0].id)
      const byActor = yield* allEntries(admin.token, { actorId: admin.id, action: "api_key.created" })
      assert.isAtLeast(byActor.length, 2)
      assert.isTrue(byActor.every((entry) => entry.actor.id === admin.id && entry.action === "api_key.created"))
      const future = yield* allEntries(admin.token, { from: new Date("2999-01-01T00:00:00Z") })
      assert.strictEqual(future.length, 0)
      assert.strictEqual((yield* server.request("GET", "/api/audit?limit=201", { token: admin.token })).status, 400)
      assert.strictEqual((yield* server.request("GET", "/api/audit?cursor=bogus", { token: admin.token })).status, 400)
      const advisor = yield* server.login(testUsers.advisor)
      assert.strictEqual((yield* server.request("GET", "/api/audit", { token: advisor })).status, 403)
      assert.strictEqual((yield* server.request("GET", "/api/audit")).status, 401)
    }))

  it.effect("entries cannot be changed, nor deleted before 400 days", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const updated = yield* Effect.result(sql`update audit_log set action = 'tampered'`)
      assert.strictEqual(updated._tag, "Failure")
      const deleted = yield* Effect.result(sql`delete from audit_log`)
      assert.strictEqual(deleted._tag, "Failure")
    }))
})
