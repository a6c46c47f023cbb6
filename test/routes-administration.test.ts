/**
 * `/api/routes` administration black-box (spec "Routes", the Route resource): admin
 * create, update and deactivate with calendar validation, the access levels of each,
 * and the `route.updated` events the database records.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { randomUUID } from "node:crypto"
import { InvalidSchedule } from "@quote/core/routes/errors"
import { UserId } from "@quote/core/shared/ids"
import { createRoute, everyDay, routesOf, unique } from "./support/routes-fixtures.ts"
import { errorCode, errorOf, SqlClient, type TestResponse, TestServer, testUsers } from "./support/test-server.ts"

const details = (response: TestResponse) => errorOf(response, InvalidSchedule).details

/** The route as the list shows it, or undefined when it is not listed (inactive). */
const listedRoute = Effect.fn(function*(token: string, id: string) {
  return (yield* routesOf(token)).find((route) => route.id === id)
})

const routeEvents = Effect.fn(function*(routeId: string) {
  const sql = (yield* SqlClient.SqlClient).withoutTransforms()
  return yield* sql<{ type: string; changes: ReadonlyArray<string> }>`
    select type, changes from webhook_events where entity_id = ${routeId} order by seq`.pipe(Effect.orDie)
})

layer(TestServer.layer())("routes: administration", (it) => {
  it.effect("POST /api/routes: defaults, normalization and every field round-trips", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const name = unique("Ruta Norte")
      const minimal = yield* createRoute(admin, { name, operationDays: [4, 1, 1], cutoffTime: "17:00" })
      const created = (yield* listedRoute(admin, minimal))!
      assert.deepStrictEqual(
        { ...created, id: undefined },
        {
          id: undefined,
          name,
          description: "",
          operationDays: [1, 4],
          frequency: "weekly",
          anchorDate: null,
          cutoffDaysBefore: 1,
          cutoffTime: "17:00",
          scheduleLabel: "Lunes y jueves, cada semana. Cierre: 1 día antes a las 5:00 p. m.",
          day: "Lunes",
          city: "",
          quadrantId: "",
          quadrantName: "",
          mapZone: "",
          bounds: null,
          center: null,
          streetFrom: "",
          streetTo: "",
          carreraFrom: "",
          carreraTo: "",
          advisorId: null,
          active: true
        }
      )

      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [advisor] = yield* sql<{ id: string }>`select id from users where email = 'asesor@example.com'`
      const full = {
        operationDays: [3],
        frequency: "biweekly" as const,
        anchorDate: "2026-01-07",
        cutoffDaysBefore: 2,
        cutoffTime: "09:30",
        description: "Zona industrial",
        city: "Medellín",
        quadrantId: "Q-7",
        quadrantName: "Cuadrante 7",
        mapZone: "Z3",
        bounds: { north: 6.3, south: 6.2, east: -75.5, west: -75.6 },
        center: { lat: 6.25, lng: -75.55 },
        streetFrom: "10",
        streetTo: "30",
        carreraFrom: "43",
        carreraTo: "70",
        advisorId: Schema.decodeSync(UserId)(advisor!.id)
      }
      const fullId = yield* createRoute(admin, full)
      const fullRoute = (yield* listedRoute(admin, fullId))!
      assert.deepInclude(fullRoute, { ...full, active: true, day: "Miércoles" })
      assert.strictEqual(fullRoute.scheduleLabel, "Miércoles, cada dos semanas. Cierre: 2 días antes a las 9:30 a. m.")

      // An inactive route can be created; it is not listed.
      const inactive = yield* createRoute(admin, { ...everyDay, active: false })
      assert.isUndefined(yield* listedRoute(admin, inactive))
    }))

  it.effect("POST /api/routes: every unusable calendar is 400 INVALID_SCHEDULE with its reason, and nothing is stored", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const cases: ReadonlyArray<readonly [Record<string, unknown>, string]> = [
        [{ operationDays: [3], frequency: "biweekly", cutoffTime: "17:00" }, "ANCHOR_REQUIRED"],
        [{ operationDays: [3], frequency: "biweekly", anchorDate: "2026-01-08", cutoffTime: "17:00" }, "ANCHOR_NOT_OPERATING_DAY"],
        [{ operationDays: [3], frequency: "biweekly", anchorDate: "2026-02-30", cutoffTime: "17:00" }, "INVALID_ANCHOR_DATE"],
        [{ operationDays: [1, 2, 3, 4, 5, 6, 7], cutoffDaysBefore: 7, cutoffTime: "17:00" }, "EMPTY_WINDOWS"],
        [{ operationDays: [8], cutoffTime: "17:00" }, "DAY_OUT_OF_RANGE"],
        [{ operationDays: [], cutoffTime: "17:00" }, "NO_OPERATION_DAYS"],
        [{ operationDays: [1], cutoffDaysBefore: 14, cutoffTime: "17:00" }, "CUTOFF_DAYS_OUT_OF_RANGE"],
        [{ operationDays: [1], cutoffTime: "24:00" }, "INVALID_CUTOFF_TIME"],
        [{ operationDays: [1], frequency: "monthly", cutoffTime: "17:00" }, "INVALID_FREQUENCY"]
      ]
      for (const [body, reason] of cases) {
        const name = unique("Ruta inválida")
        const response = yield* server.request("POST", "/api/routes", { token: admin, body: { name, ...body } })
        assert.strictEqual(response.status, 400, `${reason}: ${response.text}`)
        assert.strictEqual(errorCode(response), "INVALID_SCHEDULE")
        assert.strictEqual(details(response)?.reason, reason)
        const stored = yield* sql`select id from routes where name = ${name}`
        assert.lengthOf(stored, 0)
      }
    }))

  it.effect("POST /api/routes: schema failures are 400 VALIDATION_ERROR; unknown advisor 404 ADVISOR_NOT_FOUND", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      for (const body of [{ operationDays: [1], cutoffTime: "17:00" }, { name: "  ", operationDays: [1], cutoffTime: "17:00" }, {
        name: "X",
        operationDays: "lunes",
        cutoffTime: "17:00"
      }, { name: "X", operationDays: [1], cutoffTime: "17:00", advisorId: "not-a-uuid" }]) {
        const response = yield* server.request("POST", "/api/routes", { token: admin, body })
        assert.strictEqual(response.status, 400, response.text)
        assert.strictEqual(errorCode(response), "VALIDATION_ERROR")
      }
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [adminRow] = yield* sql<{ id: string }>`select id from users where email = 'admin@example.com'`
      for (const advisorId of [randomUUID(), adminRow!.id]) {
        const response = yield* server.request("POST", "/api/routes", {
          token: admin,
          body: { name: unique("Ruta"), ...everyDay, advisorId }
        })
        assert.strictEqual(response.status, 404, response.text)
        assert.strictEqual(errorCode(response), "ADVISOR_NOT_FOUND")
      }
    }))

  it.effect("POST, PUT, DELETE /api/routes are admin only: anonymous 401, advisor and client 403", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const id = yield* createRoute(admin, everyDay)
      const calls = [
        ["POST", "/api/routes", { name: "X", ...everyDay }],
        ["PUT", `/api/routes/${id}`, { name: "Y" }],
        ["DELETE", `/api/routes/${id}`, undefined]
      ] as const
      for (const [method, path, body] of calls) {
        const anonymous = yield* server.request(method, path, body === undefined ? {} : { body })
        assert.strictEqual(anonymous.status, 401, `${method} ${path}`)
        assert.strictEqual(errorCode(anonymous), "INVALID_TOKEN")
        for (const user of [testUsers.advisor, testUsers.client]) {
          const token = yield* server.login(user)
          const response = yield* server.request(method, path, body === undefined ? { token } : { token, body })
          assert.strictEqual(response.status, 403, `${method} ${path} as ${user.email}`)
          assert.strictEqual(errorCode(response), "FORBIDDEN")
        }
      }
      const untouched = (yield* listedRoute(admin, id))!
      assert.isTrue(untouched.active)
      assert.notStrictEqual(untouched.name, "Y")
    }))

  it.effect("PUT /api/routes/:id: name → 200 {id} and route.updated [name]; other fields; EMPTY_PATCH; NOT_FOUND", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const id = yield* createRoute(admin, { ...everyDay, description: "Antes", bounds: { north: 1 } })
      assert.deepStrictEqual(yield* routeEvents(id), [])

      const newName = unique("Ruta renombrada")
      const renamed = yield* server.request("PUT", `/api/routes/${id}`, { token: admin, body: { name: newName } })
      assert.strictEqual(renamed.status, 200, renamed.text)
      assert.deepStrictEqual(renamed.body, { id })
      assert.strictEqual((yield* listedRoute(admin, id))!.name, newName)
      assert.deepStrictEqual(yield* routeEvents(id), [{ type: "route.updated", changes: ["name"] }])

      // Fields the spec's route.updated does not watch change without an event; null clears them.
      const details = yield* server.request("PUT", `/api/routes/${id}`, {
        token: admin,
        body: { description: null, city: "Cali", bounds: null, center: { lat: 1, lng: 2 } }
      })
      assert.strictEqual(details.status, 200, details.text)
      assert.deepInclude((yield* listedRoute(admin, id))!, { description: "", city: "Cali", bounds: null, center: { lat: 1, lng: 2 } })
      assert.lengthOf(yield* routeEvents(id), 1)

      for (const body of [{}, { unknownField: 1 }]) {
        const empty = yield* server.request("PUT", `/api/routes/${id}`, { token: admin, body })
        assert.strictEqual(empty.status, 400)
        assert.strictEqual(errorCode(empty), "EMPTY_PATCH")
      }
      const missing = yield* server.request("PUT", `/api/routes/${randomUUID()}`, { token: admin, body: { name: "X" } })
      assert.strictEqual(missing.status, 404)
      assert.strictEqual(errorCode(missing), "NOT_FOUND")
      const malformed = yield* server.request("PUT", "/api/routes/not-a-uuid", { token: admin, body: { name: "X" } })
      assert.strictEqual(malformed.status, 400)
      assert.strictEqual(errorCode(malformed), "VALIDATION_ERROR")
    }))

  it.effect("PUT /api/routes/:id: a calendar part validates the whole resulting calendar; nothing changes when it fails", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const id = yield* createRoute(admin, everyDay)

      // Every day, same-day cutoff: closing 7 days before leaves no window at all.
      const empty = yield* server.request("PUT", `/api/routes/${id}`, { token: admin, body: { cutoffDaysBefore: 7 } })
      assert.strictEqual(empty.status, 400)
      assert.strictEqual(errorCode(empty), "INVALID_SCHEDULE")
      assert.strictEqual(details(empty)?.reason, "EMPTY_WINDOWS")
      const biweeklyWithoutAnchor = yield* server.request("PUT", `/api/routes/${id}`, {
        token: admin,
        body: { frequency: "biweekly", name: "No debe cambiar" }
      })
      assert.strictEqual(errorCode(biweeklyWithoutAnchor), "INVALID_SCHEDULE")
      assert.strictEqual(details(biweeklyWithoutAnchor)?.reason, "ANCHOR_REQUIRED")
      const unchanged = (yield* listedRoute(admin, id))!
      assert.deepInclude(unchanged, { cutoffDaysBefore: 0, frequency: "weekly" })
      assert.notStrictEqual(unchanged.name, "No debe cambiar")
      assert.deepStrictEqual(yield* routeEvents(id), [])

      // A valid part: the other parts are kept.
      const fewerDays = yield* server.request("PUT", `/api/routes/${id}`, { token: admin, body: { operationDays: [5, 2] } })
      assert.strictEqual(fewerDays.status, 200, fewerDays.text)
      const updated = (yield* listedRoute(admin, id))!
      assert.deepInclude(updated, { operationDays: [2, 5], cutoffDaysBefore: 0, cutoffTime: "18:00", day: "Martes" })
      assert.strictEqual(updated.scheduleLabel, "Martes y viernes, cada semana. Cierre: el mismo día a las 6:00 p. m.")
      assert.deepStrictEqual(yield* routeEvents(id), [{ type: "route.updated", changes: ["operationDays"] }])
    }))

  it.effect("PUT /api/routes/:id: to biweekly with an anchor, then switching to weekly clears anchorDate", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const id = yield* createRoute(admin, { operationDays: [1, 3], cutoffTime: "12:00" })
      const biweekly = yield* server.request("PUT", `/api/routes/${id}`, {
        token: admin,
        body: { frequency: "biweekly", anchorDate: "2026-03-04" }
      })
      assert.strictEqual(biweekly.status, 200, biweekly.text)
      assert.deepInclude((yield* listedRoute(admin, id))!, { frequency: "biweekly", anchorDate: "2026-03-04" })

      const weekly = yield* server.request("PUT", `/api/routes/${id}`, { token: admin, body: { frequency: "weekly" } })
      assert.strictEqual(weekly.status, 200, weekly.text)
      assert.deepInclude((yield* listedRoute(admin, id))!, { frequency: "weekly", anchorDate: null })
      assert.deepStrictEqual(yield* routeEvents(id), [
        { type: "route.updated", changes: ["frequency", "anchorDate"] },
        { type: "route.updated", changes: ["frequency", "anchorDate"] }
      ])
    }))

  it.effect("DELETE /api/routes/:id: 204, deactivated (not listed), route.updated [active]; unknown 404", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const admin = yield* server.login(testUsers.admin)
      const id = yield* createRoute(admin, everyDay)
      const removed = yield* server.request("DELETE", `/api/routes/${id}`, { token: admin })
      assert.strictEqual(removed.status, 204)
      assert.strictEqual(removed.text, "")
      assert.isUndefined(yield* listedRoute(admin, id))
      const sql = (yield* SqlClient.SqlClient).withoutTransforms()
      const [row] = yield* sql<{ active: boolean }>`select active from routes where id = ${id}`
      assert.isFalse(row!.active, "deactivated, not deleted")
      assert.deepStrictEqual(yield* routeEvents(id), [{ type: "route.updated", changes: ["active"] }])

      const again = yield* server.request("DELETE", `/api/routes/${id}`, { token: admin })
      assert.strictEqual(again.status, 204)
      assert.lengthOf(yield* routeEvents(id), 1, "already inactive: no new event")
      const missing = yield* server.request("DELETE", `/api/routes/${randomUUID()}`, { token: admin })
      assert.strictEqual(missing.status, 404)
      assert.strictEqual(errorCode(missing), "NOT_FOUND")

      // Reactivation through PUT.
      const reactivated = yield* server.request("PUT", `/api/routes/${id}`, { token: admin, body: { active: true } })
      assert.strictEqual(reactivated.status, 200)
      assert.isTrue((yield* listedRoute(admin, id))!.active)
    }))
})
