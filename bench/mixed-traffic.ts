/**
 * Mixed traffic for the benches that load a whole service (`soak.ts`, the footprint's
 * memory under load): the chatbot's calls with an API key — the cutoff (twice: it comes
 * before nearly every message), the phone lookup, prices, a quotation creation with a new
 * `Idempotency-Key` for one of the ordering clients at random — and the panel's admin
 * lists, each connection going through them in turn, with autocannon
 * (`http-baseline.ts`'s `load`, in a worker thread).
 */
import type autocannon from "autocannon"
import { fileURLToPath } from "node:url"
import { prepareOrderingClients, scenarioClientPhone } from "./integration-setup.ts"
import type { ServiceProcess } from "./service-process.ts"

/** autocannon's worker thread takes the per-request hook as a file. */
const newIdempotencyKey = fileURLToPath(new URL("./idempotency-key-request.cjs", import.meta.url))

/** Clients the creates are spread over: a soak's 50,000 creates make 500 each. */
const ORDERING_CLIENTS = 100

/**
 * The requests of one pass, once their ordering clients exist: made here, when the
 * traffic is about to start, so that a figure read before it (the footprint's RSS 3 s
 * after ready) does not include their creation.
 */
export const mixedRequests = async (
  service: ServiceProcess
): Promise<Array<autocannon.Request & { readonly bodies?: ReadonlyArray<string> }>> => {
  const { setup } = service
  const orderingBodies = await prepareOrderingClients(service.base, service.adminToken, setup, ORDERING_CLIENTS)
  const key = { authorization: `Bearer ${setup.apiKey}` }
  const admin = { authorization: `Bearer ${service.adminToken}` }
  const get = (path: string, headers: Record<string, string>): autocannon.Request => ({ method: "GET", path, headers })
  return [
    get(setup.cutoffPath, key),
    get(`/api/integrations/clients/lookup?phone=${encodeURIComponent(scenarioClientPhone)}`, key),
    get(setup.cutoffPath, key),
    get(`/api/integrations/clients/${setup.clientId}/prices?search=-0&limit=10`, key),
    {
      method: "POST",
      path: "/api/integrations/quotations",
      headers: { ...key, "content-type": "application/json" },
      body: setup.quotationBody,
      // Read by the hook, which sends one of them at random (autocannon keeps extra fields).
      bodies: orderingBodies,
      // A file path in the worker; the type only knows the in-thread function.
      setupRequest: newIdempotencyKey as unknown as autocannon.Request["setupRequest"]
    },
    get("/api/quotations", admin),
    get("/api/advisor/clients", admin),
    get("/api/advisor/companies?page=1", admin)
  ]
}

/** Quotations each pass through `mixedRequests` creates (its POSTs). */
export const createsPerPass = (requests: ReadonlyArray<autocannon.Request>): number =>
  requests.filter((request) => request.method === "POST").length
