/**
 * The service's HTTP API, spoken to from the test process (not the browser) to set a
 * scene and to read back what the console did: the same generated types the console
 * uses (packages/web/src/api/schema.d.ts) over `openapi-fetch`, with a session token from
 * `POST /api/auth/login`.
 */
import createClient from "openapi-fetch"
import type { components, paths } from "../../../packages/web/src/api/schema.js"
import { type Login, seededLogins } from "./scenario.ts"

export type Schemas = components["schemas"]
export type ApiClient = ReturnType<typeof createClient<paths>>

export interface ClientLogin extends Login {
  readonly clientId: string
}

interface Outcome<T> {
  readonly data?: T
  readonly error?: unknown
  readonly response: Response
}

/** The answer's data; a refusal fails the test with the status and the error envelope. */
export const expectData = async <T>(pending: Promise<Outcome<T>>): Promise<T> => {
  const outcome = await pending
  if (!outcome.response.ok || outcome.data === undefined) {
    throw new Error(`${outcome.response.status} from ${outcome.response.url}: ${JSON.stringify(outcome.error)}`)
  }
  return outcome.data
}

export class ServiceApi {
  readonly baseUrl: string

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl
  }

  /** A client of the API with no session. */
  anonymous(): ApiClient {
    return createClient<paths>({ baseUrl: this.baseUrl })
  }

  /** A session token of `login`, from `POST /api/auth/login`. */
  async token(login: Login): Promise<string> {
    const grant = await expectData(this.anonymous().POST("/api/auth/login", { body: login }))
    return grant.accessToken
  }

  /** A client of the API signed in as `login`. */
  async as(login: Login): Promise<ApiClient> {
    const token = await this.token(login)
    return createClient<paths>({ baseUrl: this.baseUrl, headers: { authorization: `Bearer ${token}` } })
  }

  admin(): Promise<ApiClient> {
    return this.as(seededLogins.admin)
  }

  /** The seeded client registered with `phone` (CONTRACT.md's scenario phones). */
  async clientWithPhone(phone: string): Promise<Schemas["Client"]> {
    const { items } = await expectData((await this.admin()).GET("/api/clients"))
    const client = items.find((candidate) => candidate.phones.some((entry) => entry.phone === phone))
    if (client === undefined) throw new Error(`no seeded client with phone ${phone}`)
    return client
  }

  /**
   * A new client of its own (role client, general price list) in the company and branch
   * of the scenario client with `phone`: an admin's `POST /api/users`. What a test changes
   * for this client (a promotion of its own) reaches no other test.
   */
  async newClientUserLike(phone: string, email: string): Promise<ClientLogin> {
    const client = await this.clientWithPhone(phone)
    const password = "browser-client-password"
    const created = await expectData((await this.admin()).POST("/api/users", {
      body: { name: `Cliente ${email.split("@")[0]}`, email, password, role: "client", companyId: client.companyId, branchId: client.branchId }
    }))
    if (created.clientId === null) throw new Error(`POST /api/users made no client record for ${email}`)
    return { email, password, clientId: created.clientId }
  }

  /** The client's own prices (`GET /api/my-company/prices`), by product name. */
  async pricesOf(login: Login): Promise<ReadonlyMap<string, Schemas["PriceItem"]>> {
    const sheet = await expectData((await this.as(login)).GET("/api/my-company/prices", { params: { query: { limit: 200 } } }))
    return new Map(sheet.items.map((item) => [item.name, item]))
  }

  /** The codes of the quotations of the client of `login` (its company may have others), newest first. */
  async quotationCodesOf(login: ClientLogin): Promise<ReadonlyArray<string>> {
    const page = await expectData((await this.as(login)).GET("/api/quotations", { params: { query: { clientId: login.clientId } } }))
    return page.items.map((item) => item.code)
  }

  /** The quotation with `code`, as its client's session reads it (`GET /api/quotations/:id`). */
  async quotationByCode(login: Login, code: string): Promise<Schemas["WebQuotation"]> {
    const api = await this.as(login)
    const page = await expectData(api.GET("/api/quotations", { params: { query: { limit: 100 } } }))
    const summary = page.items.find((item) => item.code === code)
    if (summary === undefined) throw new Error(`quotation ${code} is not among ${login.email}'s`)
    return expectData(api.GET("/api/quotations/{id}", { params: { path: { id: summary.id } } }))
  }
}
