/**
 * What the growth bench measures (issue #14): every panel read, the integration API's
 * calls and the quotation writes, each at the small size and at full size, with the
 * limit its full-size p50 must keep against the small one.
 */
import type { TimedRequest } from "./growth-http-client.ts"
import { clientLookupWord, clientSearchWord, companyLookupWord, companySearchWord, rareWords } from "./growth-seed.ts"
import { type IntegrationSetup, scenarioClientPhone } from "./integration-setup.ts"

export const FLOOR_MS = 5
const FLAT_TARGET = 2
const RANGE_TARGET = 5

/** The bearer tokens of a world: three logins and the integration's API key. */
export interface Session {
  readonly admin: string
  readonly advisor: string
  readonly client: string
  readonly apiKey: string
}

export interface Target {
  readonly name: string
  readonly as: keyof Session
  readonly method?: TimedRequest["method"]
  /** With `idsFrom`, `:id` is replaced by each id the named target's answers returned, one per request. */
  readonly path: string
  readonly idsFrom?: string
  readonly body?: string
  readonly idempotencyKey?: boolean
  readonly target: number
  /**
   * A variant of the request timed too and printed with it, without a limit of its own:
   * one whose answer grows with the data (see the searches below).
   */
  readonly variant?: { readonly label: string; readonly path: string }
}

/** What a world offers the targets: its latest quotation and the integration setup. */
export interface WorldFacts {
  readonly latest: { readonly id: string; readonly client_id: string }
  readonly integration: IntegrationSetup
}

const previousMonth = () => {
  const now = new Date()
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) }
}

/**
 * A word found in only a few rows of one searched column (issue #27), for each column a
 * search reads: the plan must reach those rows through the column's trigram index however
 * often the statement has run (PostgreSQL's generic plan for an unknown pattern did not).
 */
const rareWordSearches = ([
  ["/api/advisor/clients", "client name", rareWords.clientName],
  ["/api/advisor/clients", "client e-mail", rareWords.clientEmail],
  ["/api/advisor/clients", "user name", rareWords.userName],
  ["/api/advisor/clients", "user e-mail", rareWords.userEmail],
  ["/api/advisor/companies", "company name", rareWords.companyName],
  ["/api/advisor/companies", "tax id", rareWords.companyNit],
  ["/api/advisor/companies?page=1&", "company name, paged", rareWords.companyName],
  ["/api/users", "user name", rareWords.userName],
  ["/api/users?page=1&", "user e-mail, paged", rareWords.userEmail]
] as const).map(([list, column, word]): Target => {
  const path = `${list}${list.endsWith("&") ? "" : "?"}search=${encodeURIComponent(word.toLowerCase())}`
  return { name: `admin GET ${path} (a rare word in the ${column})`, as: "admin", path, target: FLAT_TARGET }
})

const integrationCreate = "integration POST /api/integrations/quotations (10 items)"
const webCreate = "client POST /api/quotations (10 items)"

/**
 * In order: the reads first (as before the writes were added, so their figures compare
 * with earlier runs), then the writes, each target after the one whose quotations it uses.
 * The creates need the "Always open" route open: it closes 23:59–00:00 Bogotá.
 */
export const growthTargets = ({ latest, integration }: WorldFacts): ReadonlyArray<Target> => {
  const month = previousMonth()
  const comment = JSON.stringify({ text: "Comentario de prueba de carga" })
  return [
    { name: "admin GET /api/quotations", as: "admin", path: "/api/quotations", target: FLAT_TARGET },
    { name: "admin GET /api/quotations?status=pending", as: "admin", path: "/api/quotations?status=pending", target: FLAT_TARGET },
    { name: "advisor GET /api/quotations (own)", as: "advisor", path: "/api/quotations", target: FLAT_TARGET },
    { name: "client GET /api/quotations (its company)", as: "client", path: "/api/quotations", target: FLAT_TARGET },
    { name: "admin GET /api/quotations/:id", as: "admin", path: `/api/quotations/${latest.id}`, target: FLAT_TARGET },
    { name: "admin GET /api/advisor/clients (page 1)", as: "admin", path: "/api/advisor/clients", target: FLAT_TARGET },
    {
      // A search's flatness is what the table's size costs it: the limit is on a search
      // whose answer is the same in both worlds (one client). A word in 2 % of the names
      // is timed alongside: its page is the same 20 clients, but the exact total counts
      // its 2,000 matches at full size (a handful in the small world).
      name: "admin GET /api/advisor/clients?search= (one client by name)",
      as: "admin",
      path: `/api/advisor/clients?search=${encodeURIComponent(clientLookupWord.toLowerCase())}`,
      target: FLAT_TARGET,
      variant: {
        label: `?search=${clientSearchWord.toLowerCase()} (a word in 2 % of the names)`,
        path: `/api/advisor/clients?search=${encodeURIComponent(clientSearchWord.toLowerCase())}`
      }
    },
    {
      // The same for companies: the answer is unpaginated by the spec, so the word in
      // 2 % of the names answers 400 companies at full size (none in the small world).
      name: "admin GET /api/advisor/companies?search= (one company by name)",
      as: "admin",
      path: `/api/advisor/companies?search=${encodeURIComponent(companyLookupWord.toLowerCase())}`,
      target: FLAT_TARGET,
      variant: {
        label: `?search=${companySearchWord.toLowerCase()} (a word in 2 % of the names)`,
        path: `/api/advisor/companies?search=${encodeURIComponent(companySearchWord.toLowerCase())}`
      }
    },
    ...rareWordSearches,
    {
      name: "admin GET /api/advisor/clients/:id/quotations",
      as: "admin",
      path: `/api/advisor/clients/${latest.client_id}/quotations`,
      target: FLAT_TARGET
    },
    { name: "admin GET /api/stats/admin (all time)", as: "admin", path: "/api/stats/admin", target: FLAT_TARGET },
    {
      name: "admin GET /api/stats/admin (one month)",
      as: "admin",
      path: `/api/stats/admin?dateFrom=${month.from}&dateTo=${month.to}`,
      target: RANGE_TARGET
    },
    { name: "advisor GET /api/stats/advisor", as: "advisor", path: "/api/stats/advisor", target: FLAT_TARGET },
    { name: "admin GET /api/price-lists", as: "admin", path: "/api/price-lists", target: FLAT_TARGET },
    { name: "admin GET /api/promotions", as: "admin", path: "/api/promotions", target: FLAT_TARGET },
    {
      name: "integration GET /api/integrations/clients/lookup",
      as: "apiKey",
      path: `/api/integrations/clients/lookup?phone=${encodeURIComponent(scenarioClientPhone)}`,
      target: FLAT_TARGET
    },
    { name: "integration GET /api/integrations/cutoff", as: "apiKey", path: integration.cutoffPath, target: FLAT_TARGET },
    {
      // The scenario products' SKUs contain "-0"; the generated ones do not.
      name: "integration GET /api/integrations/clients/:id/prices?search=-0&limit=10",
      as: "apiKey",
      path: `/api/integrations/clients/${integration.clientId}/prices?search=-0&limit=10`,
      target: FLAT_TARGET
    },
    {
      name: integrationCreate,
      as: "apiKey",
      method: "POST",
      path: "/api/integrations/quotations",
      body: integration.quotationBody,
      idempotencyKey: true,
      target: FLAT_TARGET
    },
    {
      name: "integration GET /api/integrations/quotations/:id",
      as: "apiKey",
      path: "/api/integrations/quotations/:id",
      idsFrom: integrationCreate,
      target: FLAT_TARGET
    },
    {
      name: "admin PATCH /api/quotations/:id/status (pending → approved)",
      as: "admin",
      method: "PATCH",
      path: "/api/quotations/:id/status",
      idsFrom: integrationCreate,
      body: JSON.stringify({ status: "approved" }),
      target: FLAT_TARGET
    },
    {
      name: webCreate,
      as: "client",
      method: "POST",
      path: "/api/quotations",
      body: JSON.stringify({ items: integration.items }),
      target: FLAT_TARGET
    },
    {
      name: "admin POST /api/quotations/:id/comments",
      as: "admin",
      method: "POST",
      path: "/api/quotations/:id/comments",
      idsFrom: webCreate,
      body: comment,
      target: FLAT_TARGET
    },
    {
      name: "client GET /api/quotations/:id/comments",
      as: "client",
      path: "/api/quotations/:id/comments",
      idsFrom: webCreate,
      target: FLAT_TARGET
    }
  ]
}
