/**
 * `GET /api/routes` black-box (spec "Routes", the Route resource): every signed-in user
 * sees the active routes ordered by name, with the derived fields.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { routesOf } from "./support/routes-fixtures.ts"
import { errorCode, TestServer, testUsers } from "./support/test-server.ts"

layer(TestServer.layer())("routes: listing", (it) => {
  it.effect("GET /api/routes: every signed-in user; active routes ordered by name with the derived fields", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const anonymous = yield* server.request("GET", "/api/routes")
      assert.strictEqual(anonymous.status, 401)
      assert.strictEqual(errorCode(anonymous), "INVALID_TOKEN")
      for (const user of [testUsers.admin, testUsers.advisor, testUsers.client]) {
        const routes = yield* routesOf(yield* server.login(user))
        const names = routes.map((route) => route.name)
        assert.includeMembers(names, ["Almost closed", "Always open", "Biweekly"])
        assert.isTrue(routes.every((route) => route.active))
        assert.deepStrictEqual(names.filter((name) => ["Almost closed", "Always open", "Biweekly"].includes(name)), [
          "Almost closed",
          "Always open",
          "Biweekly"
        ])
      }
      const biweekly = (yield* routesOf(yield* server.login(testUsers.client))).find((r) => r.name === "Biweekly")!
      assert.deepStrictEqual(
        {
          operationDays: biweekly.operationDays,
          frequency: biweekly.frequency,
          anchorDate: biweekly.anchorDate,
          cutoffDaysBefore: biweekly.cutoffDaysBefore,
          cutoffTime: biweekly.cutoffTime,
          scheduleLabel: biweekly.scheduleLabel,
          day: biweekly.day,
          city: biweekly.city,
          quadrantId: biweekly.quadrantId,
          bounds: biweekly.bounds
        },
        {
          operationDays: [3],
          frequency: "biweekly",
          anchorDate: "2025-01-08",
          cutoffDaysBefore: 2,
          cutoffTime: "17:00",
          scheduleLabel: "Miércoles, cada dos semanas. Cierre: 2 días antes a las 5:00 p. m.",
          day: "Miércoles",
          city: "Bogotá",
          quadrantId: "",
          bounds: null
        }
      )
    }))
})
