/**
 * The audit trail, black-box (docs/security.md "Audit trail"): an entry for each audited
 * action with the right actor, request id and address; no secret in any entry; the list's
 * filters and keyset pagination; append-only.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { ordinaryBusinessHour, SqlClient, type TestResponse, TestServer, testUsers } from "./support/test-server.ts"

interface Entry {
  readonly id: string
  readonly at: string
  readonly actor: { readonly type: string; readonly id: string | null; readonly role: string | null }
  readonly action: string
  readonly entityType: string
  readonly entityId: string | null
  readonly summary: unknown
  readonly requestId: string | null
  readonly clientAddress: string | null
}

const tag = () => randomUUID().slice(0, 8)

const ok = (response: TestResponse, status = 200) => {
  assert.strictEqual(response.status, status, response.text)
  return response.body as Record<string, unknown>
}

/** Every entry matching the query, newest first, following `nextCursor`. */
const allEntries = (token: string, query: Record<string, string> = {}) =>
  Effect.gen(function*() {
    const server = yield* TestServer
    const items: Array<Entry> = []
    let cursor: string | null = null
    do {
      const params = new URLSearchParams({ ...query, limit: "200", ...(cursor === null ? {} : { cursor }) })
      const page = ok(yield* server.request("GET", `/api/audit?${params}`, { token })) as {
        items: Array<Entry>
        nextCursor: string | null
      }
      items.push(...page.items)
      cursor = page.nextCursor
    } while (cursor !== null)
    return items
  })

const entriesOf = (token: string, entityId: string) => allEntries(token, { entityId })

layer(TestServer.layer({ startAt: ordinaryBusinessHour }), { excludeTestServices: true })("audit trail", (it) => {
  const adminSession = Effect.gen(function*() {
    const server = yield* TestServer
    const grant = ok(yield* server.request("POST", "/api/auth/login", { body: testUsers.admin })) as {
      accessToken: string
      user: { id: string }
    }
    return { token: grant.accessToken, id: grant.user.id }
  })

  it.effect("logins: success, failure and throttled, with the account, request id and address", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* adminSession
      const requestId = `audit-login-${tag()}`
      ok(yield* server.request("POST", "/api/auth/login", { body: testUsers.advisor, headers: { "x-request-id": requestId } }))
      const advisorId = (yield* allEntries(admin.token, { action: "auth.login_succeeded" }))
        .find((entry) => entry.requestId === requestId)
      assert.isDefined(advisorId)
      assert.strictEqual(advisorId!.actor.type, "user")
      assert.strictEqual(advisorId!.actor.role, "advisor")
      assert.strictEqual(advisorId!.entityId, advisorId!.actor.id)
      assert.strictEqual(advisorId!.clientAddress, "127.0.0.1")

      const unknownEmail = `nobody-${tag()}@example.com`
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
      const created = ok(yield* server.request("POST", "/api/api-keys", {
        token: admin.token,
        body: { name: `Audit ${tag()}`, scopes: ["catalog:read"] }
      }), 201) as { id: string }
      ok(yield* server.request("PATCH", `/api/api-keys/${created.id}`, { token: admin.token, body: { name: "Renamed" } }))
      const rotated = ok(yield* server.request("POST", `/api/api-keys/${created.id}/rotate`, {
        token: admin.token,
        body: { graceHours: 1 }
      }), 201) as { id: string }
      assert.strictEqual((yield* server.request("DELETE", `/api/api-keys/${rotated.id}`, { token: admin.token })).status, 204)

      const oldKey = yield* entriesOf(admin.token, created.id)
      assert.deepStrictEqual(oldKey.map((entry) => entry.action).reverse(), ["api_key.created", "api_key.updated", "api_key.rotated"])
      assert.deepStrictEqual(
        Object.keys((oldKey[1].summary as { changes: Record<string, unknown> }).changes),
        ["name"]
      )
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
      const sql = yield* SqlClient.SqlClient
      const admin = yield* adminSession
      const created = ok(yield* server.request("POST", "/api/webhooks", {
        token: admin.token,
        body: { name: `Hook ${tag()}`, url: "http://127.0.0.1:9/hook", events: ["quotation.created"] }
      }), 201) as { id: string }
      ok(yield* server.request("PATCH", `/api/webhooks/${created.id}`, { token: admin.token, body: { name: "Renamed hook" } }))
      ok(yield* server.request("POST", `/api/webhooks/${created.id}/rotate-secret`, { token: admin.token, body: {} }))
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
      assert.deepStrictEqual((entries[2].summary as { redactedColumns: unknown }).redactedColumns, ["previous_secret", "secret"])
    }))

  it.effect("ERP settings, users, price lists, promotions and quotation status changes", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* adminSession
      ok(yield* server.request("PUT", "/api/integrations/erp/settings", {
        token: admin.token,
        body: { partnerId: "AuditPartner", username: "erp-user", accessKey: "erp-access-key-secret" }
      }))
      const erp = yield* allEntries(admin.token, { entityType: "erp_settings" })
      assert.isAtLeast(erp.length, 1)
      assert.deepStrictEqual(erp[0].actor, { type: "user", id: admin.id, role: "admin" })

      const email = `audited-${tag()}@example.com`
      const user = ok(yield* server.request("POST", "/api/users", {
        token: admin.token,
        body: { name: "Auditado", email, password: "first-password", role: "advisor" }
      }), 201) as { id: string }
      ok(yield* server.request("PUT", `/api/users/${user.id}`, { token: admin.token, body: { password: "second-password" } }))
      ok(yield* server.request("PUT", `/api/users/${user.id}`, { token: admin.token, body: { role: "admin" } }))
      assert.strictEqual((yield* server.request("DELETE", `/api/users/${user.id}`, { token: admin.token })).status, 204)
      assert.deepStrictEqual((yield* entriesOf(admin.token, user.id)).map((entry) => entry.action).reverse(), [
        "user.created",
        "user.password_changed",
        "user.role_changed",
        "user.deactivated"
      ])

      const products = (ok(yield* server.request("GET", "/api/products/catalog")) as { items: Array<{ id: string }> }).items
      const list = ok(yield* server.request("POST", "/api/price-lists", {
        token: admin.token,
        body: { name: `Lista ${tag()}`, items: [{ productId: products[0].id, price: 1000 }] }
      }), 201) as { id: string }
      ok(yield* server.request("PUT", `/api/price-lists/${list.id}`, {
        token: admin.token,
        body: { items: [{ productId: products[0].id, price: 1200 }] }
      }))
      assert.strictEqual((yield* server.request("DELETE", `/api/price-lists/${list.id}`, { token: admin.token })).status, 204)
      const listEntries = (yield* entriesOf(admin.token, list.id)).reverse()
      assert.strictEqual(listEntries[0].action, "price_list.created")
      assert.isTrue(listEntries.some((entry) => entry.action === "price_list.prices_changed"))
      assert.strictEqual(listEntries[listEntries.length - 1].action, "price_list.deleted")

      const promotion = ok(yield* server.request("POST", "/api/promotions", {
        token: admin.token,
        body: { name: `Promo ${tag()}`, kind: "general", productId: products[0].id, price: 500 }
      }), 201) as { id: string }
      ok(yield* server.request("PUT", `/api/promotions/${promotion.id}`, { token: admin.token, body: { price: 450 } }))
      assert.strictEqual((yield* server.request("DELETE", `/api/promotions/${promotion.id}`, { token: admin.token })).status, 204)
      const promotionEntries = (yield* entriesOf(admin.token, promotion.id)).reverse()
      assert.deepStrictEqual(promotionEntries.map((entry) => entry.action), ["promotion.created", "promotion.updated", "promotion.deleted"])
      assert.deepStrictEqual((promotionEntries[1].summary as { changes: unknown }).changes, { price: { from: 500, to: 450 } })

      const client = yield* server.login(testUsers.client)
      const quotation = ok(yield* server.request("POST", "/api/quotations", {
        token: client,
        body: { items: [{ sku: "ABA-001", quantity: 1 }] }
      }), 201) as { id: string }
      ok(yield* server.request("PATCH", `/api/quotations/${quotation.id}/status`, { token: admin.token, body: { status: "approved" } }))
      const quotationEntries = yield* entriesOf(admin.token, quotation.id)
      assert.strictEqual(quotationEntries.length, 1)
      assert.strictEqual(quotationEntries[0].action, "quotation.status_changed")
      assert.deepStrictEqual((quotationEntries[0].summary as { changes: unknown }).changes, { status: { from: "pending", to: "approved" } })
      assert.deepStrictEqual(quotationEntries[0].actor, { type: "user", id: admin.id, role: "admin" })
    }))

  it.effect("no entry holds a secret, password, token or key value", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* adminSession
      const key = ok(yield* server.request("POST", "/api/api-keys", {
        token: admin.token,
        body: { name: `Secretive ${tag()}`, scopes: ["catalog:read"] }
      }), 201) as { apiKey: string }
      const hook = ok(yield* server.request("POST", "/api/webhooks", {
        token: admin.token,
        body: { name: `Secret hook ${tag()}`, url: "http://127.0.0.1:9/secret", events: ["quotation.created"] }
      }), 201) as { secret: string }
      const grant = ok(yield* server.request("POST", "/api/auth/login", { body: testUsers.client })) as {
        accessToken: string
        refreshToken: string
      }
      const text = JSON.stringify(yield* allEntries(admin.token))
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
      const first = ok(yield* server.request("GET", "/api/audit?limit=2", { token: admin.token })) as {
        items: Array<Entry>
        nextCursor: string
      }
      assert.strictEqual(first.items.length, 2)
      assert.isString(first.nextCursor)
      const second = ok(yield* server.request("GET", `/api/audit?limit=2&cursor=${first.nextCursor}`, { token: admin.token })) as {
        items: Array<Entry>
      }
      assert.isTrue(first.items[1].at >= second.items[0].at)
      assert.notInclude(first.items.map((entry) => entry.id), second.items[0].id)
      const byActor = yield* allEntries(admin.token, { actorId: admin.id, action: "api_key.created" })
      assert.isAtLeast(byActor.length, 2)
      assert.isTrue(byActor.every((entry) => entry.actor.id === admin.id && entry.action === "api_key.created"))
      const future = yield* allEntries(admin.token, { from: "2999-01-01T00:00:00Z" })
      assert.strictEqual(future.length, 0)
      assert.strictEqual((yield* server.request("GET", "/api/audit?limit=201", { token: admin.token })).status, 400)
      assert.strictEqual((yield* server.request("GET", "/api/audit?cursor=bogus", { token: admin.token })).status, 400)
      const advisor = yield* server.login(testUsers.advisor)
      assert.strictEqual((yield* server.request("GET", "/api/audit", { token: advisor })).status, 403)
      assert.strictEqual((yield* server.request("GET", "/api/audit")).status, 401)
    }))

  it.effect("entries cannot be changed, nor deleted before 400 days", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const updated = yield* Effect.result(sql`update audit_log set action = 'tampered'`)
      assert.strictEqual(updated._tag, "Failure")
      const deleted = yield* Effect.result(sql`delete from audit_log`)
      assert.strictEqual(deleted._tag, "Failure")
    }))
})
