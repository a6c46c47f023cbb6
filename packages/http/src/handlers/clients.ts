import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { ClientPhones } from "@quote/adapters/app/clients/client-phones"
import { Clients } from "@quote/adapters/app/clients/clients"
import { QuotationApi } from "@quote/api/api"
import { Client } from "@quote/core/clients/views"
import { jsonItemsStreamer } from "./support/json-items-stream.ts"

const clientList = jsonItemsStreamer(Client)

export const ClientsHandlers = HttpApiBuilder.group(
  QuotationApi,
  "clients",
  Effect.fn(function*(handlers) {
    const clients = yield* Clients
    const phones = yield* ClientPhones
    return handlers
      .handle("list", () => Effect.sync(() => clientList(clients.list())))
      .handle("get", ({ params }) => clients.get(params.id))
      .handle("create", ({ payload }) => clients.create(payload))
      .handle("update", ({ params, payload }) => clients.update(params.id, payload))
      .handle("addPhone", ({ params, payload }) => phones.add(params.id, payload))
      .handle("removePhone", ({ params }) => phones.remove(params.id, params.phoneId))
  })
)
