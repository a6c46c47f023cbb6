/**
 * `GET /api/routes/me/cutoff` black-box (spec "Routes", the Cutoff status): the client's
 * own cutoff, for its branch or another of its company's, with time driven by
 * `TestClock` (which the in-process server shares), a branch without a usable route,
 * and that it is for clients only.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { TestClock } from "effect/testing"
import { randomUUID } from "node:crypto"
import { BranchId, CompanyId } from "@quote/core/shared/ids"
import { asRouteId, createRoute, everyDay, unique } from "./support/routes-fixtures.ts"
import { type ApiClient, errorCode, SqlClient, TestServer, testUsers } from "./support/test-server.ts"

type NewBranch = Parameters<ApiClient["companies"]["createBranch"]>[0]["payload"]

const asBranchId = Schema.decodeSync(BranchId)

/**
 * Instants for the cutoff tests. The in-process server runs on the test's `TestClock`,
 * which starts at the Unix epoch (Wednesday 1969-12-31 19:00 in Bogotá); the tests move
 * it forward by hours only, because a jump of years would make the server's background
 * loops (mail, webhooks) replay every wake-up in between.
 */
const wednesdayEvening = Date.parse("1969-12-31T20:00:00-05:00")
const wednesdayLastMinute = Date.parse("1969-12-31T23:59:30-05:00")
const thursdayNoon = Date.parse("1970-01-01T12:00:00-05:00")

const idByName = Effect.fn(function*(table: "routes" | "branches" | "companies", name: string) {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  const rows = yield* sql<{ id: string }>`select id from ${sql(table)} where name = ${name}`.pipe(Effect.orDie)
  assert.lengthOf(rows, 1, `${table} ${name}`)
  return rows[0]!.id
})

const cutoffOf = Effect.fn(function*(token: string, branchId?: string) {
  const server = yield* TestServer
  const path = branchId === undefined ? "/api/routes/me/cutoff" : `/api/routes/me/cutoff?branchId=${branchId}`
  return yield* server.request("GET", path, { token })
})

/** A branch of the first test client's company (Distribuidora Andina), created by the admin. */
const andinaBranch = Effect.fn(function*(admin: string, body: Partial<NewBranch>) {
  const api = yield* (yield* TestServer).api(admin)
  const companyId = Schema.decodeSync(CompanyId)(yield* idByName("companies", "Distribuidora Andina S.A.S."))
  const created = yield* api.companies.createBranch({ params: { id: companyId }, payload: { name: unique("Sede"), ...body } })
  return asBranchId(created.id)
})

layer(TestServer.layer())("routes: cutoff", (it) => {
  it.effect("GET /api/routes/me/cutoff: client only (anonymous 401, admin and advisor 403)", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const anonymous = yield* server.request("GET", "/api/routes/me/cutoff")
      assert.strictEqual(anonymous.status, 401)
      assert.strictEqual(errorCode(anonymous), "INVALID_TOKEN")
      for (const user of [testUsers.admin, testUsers.advisor]) {
        const response = yield* cutoffOf(yield* server.login(user))
        assert.strictEqual(response.status, 403)
        assert.strictEqual(errorCode(response), "FORBIDDEN")
      }
    }))

  it.effect("GET /api/routes/me/cutoff: the client's branch route, evaluated at the server's clock", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(wednesdayEvening)
      const server = yield* TestServer
      const client = yield* server.login(testUsers.client)
      const status = yield* (yield* server.api(client)).routes.myCutoff({ query: {} })
      assert.deepStrictEqual(status.route, { id: yield* idByName("routes", "Always open"), name: "Always open" })
      assert.deepStrictEqual(status.branch, { id: yield* idByName("branches", "Sede Norte"), name: "Sede Norte" })
      assert.isTrue(status.isOpen)
      assert.isFalse(status.missingRoute)
      assert.strictEqual(status.routeDate, "1969-12-31T00:00:00-05:00")
      assert.strictEqual(status.deadline, "1969-12-31T23:59:00-05:00")
      assert.deepStrictEqual(status.upcomingRouteDates, ["1969-12-31", "1970-01-01", "1970-01-02", "1970-01-03"])
      assert.strictEqual(status.schedule?.label, "Todos los días. Cierre: el mismo día a las 11:59 p. m.")
      assert.strictEqual(
        status.message,
        "La ruta está abierta. Tu pedido sale en la ruta del miércoles 31 de diciembre. Puedes enviarlo hasta hoy a las 11:59 p. m."
      )
      // The spec's key order on the wire: the Cutoff status fields, then route and branch.
      const response = yield* cutoffOf(client)
      assert.strictEqual(response.status, 200, response.text)
      assert.deepStrictEqual(Object.keys(response.body ?? {}), [
        "isOpen",
        "routeDate",
        "deadline",
        "windowOpensAt",
        "nextOpenDate",
        "upcomingRouteDates",
        "schedule",
        "message",
        "missingRoute",
        "route",
        "branch"
      ])

      // One minute before midnight the always-open route is closed until 00:00.
      yield* TestClock.setTime(wednesdayLastMinute)
      const closed = yield* (yield* server.api(yield* server.login(testUsers.client))).routes.myCutoff({ query: {} })
      assert.isFalse(closed.isOpen)
      assert.strictEqual(closed.nextOpenDate, "1970-01-01T00:00:00-05:00")
    }))

  it.effect("GET /api/routes/me/cutoff?branchId: another branch of the company; others 404 BRANCH_NOT_FOUND", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(thursdayNoon)
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const client = yield* server.login(testUsers.client)
      const api = yield* server.api(client)

      const south = asBranchId(yield* idByName("branches", "Sede Sur"))
      const other = yield* api.routes.myCutoff({ query: { branchId: south } })
      assert.deepStrictEqual(other.branch, { id: south, name: "Sede Sur" })

      const almostClosedBranch = yield* andinaBranch(admin, { routeId: asRouteId(yield* idByName("routes", "Almost closed")) })
      const closed = yield* api.routes.myCutoff({ query: { branchId: almostClosedBranch } })
      assert.isFalse(closed.isOpen)
      assert.strictEqual(closed.route?.name, "Almost closed")
      // Friday route closing 6 days before at 00:01: open only Saturday 00:00–00:01.
      assert.strictEqual(closed.routeDate, "1970-01-09T00:00:00-05:00")
      assert.strictEqual(closed.nextOpenDate, "1970-01-03T00:00:00-05:00")
      assert.strictEqual(closed.windowOpensAt, closed.nextOpenDate)

      const foreign = yield* idByName("branches", "Sede Principal")
      const inactive = yield* andinaBranch(admin, { routeId: asRouteId(yield* idByName("routes", "Always open")), active: false })
      for (const branchId of [foreign, inactive, randomUUID()]) {
        const response = yield* cutoffOf(client, branchId)
        assert.strictEqual(response.status, 404, response.text)
        assert.strictEqual(errorCode(response), "BRANCH_NOT_FOUND")
      }
      const malformed = yield* cutoffOf(client, "not-a-uuid")
      assert.strictEqual(malformed.status, 400)
      assert.strictEqual(errorCode(malformed), "VALIDATION_ERROR")
    }))

  it.effect("GET /api/routes/me/cutoff without a route (none, or inactive): 200 missingRoute with null route and branch", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const client = yield* server.login(testUsers.client)
      const withoutRoute = yield* andinaBranch(admin, {})
      const retiredRoute = yield* createRoute(admin, everyDay)
      const onRetiredRoute = yield* andinaBranch(admin, { routeId: retiredRoute })
      assert.strictEqual((yield* server.request("DELETE", `/api/routes/${retiredRoute}`, { token: admin })).status, 204)

      for (const branchId of [withoutRoute, onRetiredRoute]) {
        const response = yield* cutoffOf(client, branchId)
        assert.strictEqual(response.status, 200, response.text)
        assert.deepStrictEqual(response.body, {
          isOpen: false,
          routeDate: null,
          deadline: null,
          windowOpensAt: null,
          nextOpenDate: null,
          upcomingRouteDates: [],
          schedule: null,
          message:
            "Tu sede no tiene una ruta de entrega asignada, así que por ahora no podemos recibir pedidos. Comunícate con tu asesor para que te asigne una.",
          missingRoute: true,
          route: null,
          branch: null
        })
      }
    }))
})
