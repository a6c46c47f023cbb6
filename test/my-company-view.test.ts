/**
 * `/api/my-company`, black-box (spec "My company"): `GET`, the company as its client user
 * sees it: its data, its active branches with their route, and its active users.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { RouteId } from "@quote/core/shared/ids"
import { addUser, newCompany, view } from "./support/my-company-fixtures.ts"
import { SqlClient, TestServer } from "./support/test-server.ts"

const asRouteId = Schema.decodeSync(RouteId)

layer(TestServer.layer())("my company: view", (it) => {
  it.effect("GET shows the company, its active branches with their route, and its active users with isMe", () =>
    Effect.gen(function*() {
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const company = yield* newCompany
      const colleague = yield* addUser(company)
      const gone = yield* addUser(company)
      yield* sql`update users set active = false where id = ${gone.id}`
      const [closed] = yield* sql<{ id: string }>`
        insert into branches (company_id, name, active) values (${company.companyId}, 'Cerrada', false) returning id`
      // Another company's data never shows.
      yield* newCompany

      const body = yield* view(company.owner.token)
      assert.deepStrictEqual(body.company, {
        id: company.companyId,
        name: `Mi Empresa ${company.nit}`,
        nit: company.nit,
        email: "contacto@empresa.example.com",
        phone: "+576015550000",
        address: "Calle 1 # 2-3"
      })
      const [alwaysOpen] = yield* sql<{ id: string }>`select id from routes where name = 'Always open'`
      const [biweekly] = yield* sql<{ id: string }>`select id from routes where name = 'Biweekly'`
      assert.deepStrictEqual(body.branches, [
        { id: company.mainBranchId, name: "Principal", city: "Bogotá", address: "Calle 10", routeId: asRouteId(alwaysOpen!.id), routeName: "Always open", routeDay: "Lunes" },
        { id: company.otherBranchId, name: "Secundaria", city: "Cali", address: null, routeId: asRouteId(biweekly!.id), routeName: "Biweekly", routeDay: "Miércoles" }
      ])
      assert.notInclude(body.branches.map((branch): string => branch.id), closed!.id)
      assert.deepStrictEqual(
        [...body.users].sort((a, b) => Number(b.isMe) - Number(a.isMe)),
        [
          { id: company.owner.id, name: "Dueño", email: company.owner.email, branchId: company.mainBranchId, branchName: "Principal", isMe: true },
          { id: colleague.id, name: "Colega", email: colleague.email, branchId: company.mainBranchId, branchName: "Principal", isMe: false }
        ]
      )
    }))
})
