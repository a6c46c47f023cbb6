/**
 * What the `/api/routes` black-box tests share (`test/routes-*.test.ts`): unique names,
 * the routes list as a user sees it, and routes created by the admin through the API.
 */
import { Effect, Schema } from "effect"
import { randomUUID } from "node:crypto"
import { RouteId } from "@quote/core/shared/ids"
import { type ApiClient, TestServer } from "./test-server.ts"

type NewRoute = Parameters<ApiClient["routes"]["create"]>[0]["payload"]

export const asRouteId = Schema.decodeSync(RouteId)

export const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`

export const routesOf = Effect.fn(function*(token: string) {
  const api = yield* (yield* TestServer).api(token)
  return (yield* api.routes.list()).items
})

export const createRoute = Effect.fn(function*(token: string, body: Omit<NewRoute, "name"> & Partial<Pick<NewRoute, "name">>) {
  const api = yield* (yield* TestServer).api(token)
  return asRouteId((yield* api.routes.create({ payload: { name: unique("Ruta"), ...body } })).id)
})

export const everyDay = { operationDays: [1, 2, 3, 4, 5, 6, 7], cutoffDaysBefore: 0, cutoffTime: "18:00" }
