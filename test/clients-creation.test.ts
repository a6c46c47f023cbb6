/**
 * `/api/clients` black-box, creation (spec "Clients", "Phone normalization"): POST with
 * phones normalized, the NIT defaulting to the company's while free, explicit values, a
 * number shared by several clients, every error code with nothing stored, and the single
 * `client.created` event.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { entityEvents, expectError, SqlClient, TestServer, testUsers, uniqueTag } from "./support/test-server.ts"
import { asPriceListId, createClient, getClient, newCompany, newMobile, seededId } from "./support/clients-fixtures.ts"

layer(TestServer.layer())("clients", (it) => {
  it.effect("POST /api/clients: 201 {id}; phones normalized; nit = the company's when free; only client.created", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const { branchIds, companyId, nit } = yield* newCompany(admin, { branches: 1 })
      const first = newMobile()
      const second = newMobile()
      const name = `Cliente ${uniqueTag()}`
      const id = yield* createClient(admin, {
        name,
        companyId,
        branchId: branchIds[0]!,
        email: "compras@cliente.example.com",
        phones: [{ phone: first.typed, label: "Compras" }, { phone: second.e164.slice(1) }]
      })
      const client = yield* getClient(admin, id)
      assert.deepInclude(client, {
        name,
        nit,
        email: "compras@cliente.example.com",
        active: true,
        hasLogin: false,
        userId: null,
        companyId,
        branchId: branchIds[0]!,
        priceListId: null,
        priceListName: null,
        routeName: "Always open",
        advisorName: "Asesor de Pruebas"
      })
      // Phones added together are listed by number.
      assert.deepStrictEqual(
        client.phones.map(({ isMessaging, label, phone }) => ({ phone, label, isMessaging })),
        [{ phone: first.e164, label: "Compras", isMessaging: true }, { phone: second.e164, label: "", isMessaging: true }]
          .sort((a, b) => a.phone.localeCompare(b.phone))
      )
      // Phones added with the client are covered by client.created (no client.updated).
      assert.deepStrictEqual(yield* entityEvents(id), [{ type: "client.created", changes: [] }])

      // The company's NIT is now taken: the next client gets a placeholder.
      const second_ = yield* createClient(admin, { name: `Cliente ${uniqueTag()}`, companyId, branchId: branchIds[0]! })
      assert.match((yield* getClient(admin, second_)).nit, /^NIT-[A-Za-z0-9]{8}$/)

      // Explicit values: nit, price list, inactive.
      const priceListId = asPriceListId(yield* seededId("priceList", "Lista Distribuidora Andina"))
      const explicit = yield* createClient(admin, {
        name: `Cliente ${uniqueTag()}`,
        companyId,
        branchId: branchIds[0]!,
        nit: `  CC-${uniqueTag()}  `,
        priceListId,
        active: false,
        email: null,
        phones: []
      })
      const explicitClient = yield* getClient(admin, explicit)
      assert.match(explicitClient.nit, /^CC-[0-9a-f]{10}$/, "stored trimmed")
      assert.deepInclude(explicitClient, {
        priceListId,
        priceListName: "Lista Distribuidora Andina",
        active: false,
        email: null,
        phones: []
      })
    }))

  it.effect("POST /api/clients: the same number may belong to several clients", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const { branchIds, companyId } = yield* newCompany(admin, { branches: 1 })
      const id = yield* createClient(admin, {
        name: `Cliente ${uniqueTag()}`,
        companyId,
        branchId: branchIds[0]!,
        phones: [{ phone: "+57 300 000 0001" }]
      })
      assert.strictEqual((yield* getClient(admin, id)).phones[0]!.phone, "+573000000001")
    }))

  it.effect("POST /api/clients errors: INVALID_PHONE, DUPLICATE_PHONE, BRANCH_NOT_FOUND, PRICE_LIST_NOT_FOUND, DUPLICATE_NIT; nothing stored", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const { branchIds, companyId } = yield* newCompany(admin, { branches: 2 })
      const other = yield* newCompany(admin, { branches: 1 })
      // An inactive branch of the company and an inactive price list.
      const inactiveBranch = branchIds[1]!
      const deactivated = yield* server.request("DELETE", `/api/companies/${companyId}/branches/${inactiveBranch}`, {
        token: admin
      })
      assert.strictEqual(deactivated.status, 204)
      const [inactiveList] = yield* sql<{ id: string }>`
        insert into price_lists (name, active) values (${`Lista inactiva ${uniqueTag()}`}, false) returning id`
      const mobile = newMobile()

      const cases: ReadonlyArray<readonly [Record<string, unknown>, number, string]> = [
        [{ phones: [{ phone: "6011234567" }] }, 400, "INVALID_PHONE"],
        [{ phones: [{ phone: mobile.typed }, { phone: "123" }] }, 400, "INVALID_PHONE"],
        [{ phones: [{ phone: mobile.typed }, { phone: mobile.e164 }] }, 409, "DUPLICATE_PHONE"],
        [{ branchId: other.branchIds[0] }, 404, "BRANCH_NOT_FOUND"],
        [{ branchId: inactiveBranch }, 404, "BRANCH_NOT_FOUND"],
        [{ branchId: randomUUID() }, 404, "BRANCH_NOT_FOUND"],
        [{ companyId: randomUUID() }, 404, "BRANCH_NOT_FOUND"],
        [{ priceListId: randomUUID() }, 404, "PRICE_LIST_NOT_FOUND"],
        [{ priceListId: inactiveList!.id }, 404, "PRICE_LIST_NOT_FOUND"],
        [{ nit: "900100001" }, 409, "DUPLICATE_NIT"],
        [{ email: "not-an-email" }, 400, "VALIDATION_ERROR"],
        [{ name: " " }, 400, "VALIDATION_ERROR"],
        [{ branchId: "x" }, 400, "VALIDATION_ERROR"]
      ]
      for (const [overrides, status, code] of cases) {
        const name = `Rechazado ${uniqueTag()}`
        const response = yield* server.request("POST", "/api/clients", {
          token: admin,
          body: { name, companyId, branchId: branchIds[0], ...overrides }
        })
        expectError(response, status, code)
        const stored = yield* sql`select id from clients where name = ${(overrides.name as string | undefined) ?? name}`
        assert.lengthOf(stored, 0, `${code}: nothing stored`)
      }
      const stored = yield* sql`select id from client_phones where phone = ${mobile.e164}`
      assert.lengthOf(stored, 0)
    }))
})
