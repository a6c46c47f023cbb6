/**
 * `/api/clients/:id/phones` black-box (spec "Clients", "Phone normalization"): adding a
 * phone (normalized, `client.updated` [phones], INVALID_PHONE, DUPLICATE_PHONE, NOT_FOUND)
 * and removing one (204, another client's or unknown phone 404).
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { entityEvents, expectError, TestServer, testUsers, uniqueTag } from "./support/test-server.ts"
import { createClient, getClient, newCompany, newMobile } from "./support/clients-fixtures.ts"

layer(TestServer.layer())("clients", (it) => {
  it.effect("POST /api/clients/:id/phones: 201 ClientPhone and client.updated [phones]; INVALID_PHONE, DUPLICATE_PHONE, NOT_FOUND", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const { branchIds, companyId } = yield* newCompany(admin, { branches: 1 })
      const id = yield* createClient(admin, { name: `Cliente ${uniqueTag()}`, companyId, branchId: branchIds[0]! })
      const api = yield* server.api(admin)
      const mobile = newMobile()
      const phone = yield* api.clients.addPhone({
        params: { id },
        payload: { phone: `(${mobile.typed.slice(0, 3)}) ${mobile.typed.slice(4).replace(" ", "-")}`, label: "Bodega" }
      })
      assert.deepInclude(phone, { phone: mobile.e164, label: "Bodega", isMessaging: true })
      assert.deepStrictEqual((yield* getClient(admin, id)).phones, [phone])
      assert.deepStrictEqual(yield* entityEvents(id), [
        { type: "client.created", changes: [] },
        { type: "client.updated", changes: ["phones"] }
      ])

      const international = yield* api.clients.addPhone({ params: { id }, payload: { phone: "+1 (415) 555-2671" } })
      assert.deepInclude(international, { phone: "+14155552671", label: "" })

      expectError(
        yield* server.request("POST", `/api/clients/${id}/phones`, { token: admin, body: { phone: mobile.e164.slice(1) } }),
        409,
        "DUPLICATE_PHONE"
      )
      for (const bad of ["6015551234", "12345", "abc", "+57 601"]) {
        expectError(yield* server.request("POST", `/api/clients/${id}/phones`, { token: admin, body: { phone: bad } }), 400, "INVALID_PHONE")
      }
      expectError(
        yield* server.request("POST", `/api/clients/${randomUUID()}/phones`, { token: admin, body: { phone: mobile.typed } }),
        404,
        "NOT_FOUND"
      )
      expectError(yield* server.request("POST", `/api/clients/${id}/phones`, { token: admin, body: {} }), 400, "VALIDATION_ERROR")
      assert.lengthOf((yield* getClient(admin, id)).phones, 2)
      assert.lengthOf(yield* entityEvents(id), 3)
    }))

  it.effect("DELETE /api/clients/:id/phones/:phoneId: 204 and client.updated [phones]; unknown or another client's 404", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const { branchIds, companyId } = yield* newCompany(admin, { branches: 1 })
      const mobile = newMobile()
      const id = yield* createClient(admin, {
        name: `Cliente ${uniqueTag()}`,
        companyId,
        branchId: branchIds[0]!,
        phones: [{ phone: mobile.typed }]
      })
      const otherId = yield* createClient(admin, { name: `Cliente ${uniqueTag()}`, companyId, branchId: branchIds[0]! })
      const phoneId = (yield* getClient(admin, id)).phones[0]!.id

      expectError(
        yield* server.request("DELETE", `/api/clients/${otherId}/phones/${phoneId}`, { token: admin }),
        404,
        "NOT_FOUND"
      )
      const removed = yield* server.request("DELETE", `/api/clients/${id}/phones/${phoneId}`, { token: admin })
      assert.strictEqual(removed.status, 204)
      assert.deepStrictEqual((yield* getClient(admin, id)).phones, [])
      assert.deepStrictEqual(yield* entityEvents(id), [
        { type: "client.created", changes: [] },
        { type: "client.updated", changes: ["phones"] }
      ])
      expectError(yield* server.request("DELETE", `/api/clients/${id}/phones/${phoneId}`, { token: admin }), 404, "NOT_FOUND")
      expectError(
        yield* server.request("DELETE", `/api/clients/${id}/phones/not-a-uuid`, { token: admin }),
        400,
        "VALIDATION_ERROR"
      )
    }))
})
