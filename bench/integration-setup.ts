/**
 * What the benches that call the integration API need, set up through the API itself on
 * a server seeded with the test scenarios: an API key with the chatbot's scopes, the
 * scenario client found by its phone, and ten of its products (used by
 * `integration-endpoints.ts` and `growth.ts`).
 */

export const postJson = async (url: string, body: unknown, token?: string): Promise<Record<string, unknown>> => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body)
  })
  const parsed = await response.json() as Record<string, unknown>
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${JSON.stringify(parsed)}`)
  return parsed
}

export const getJson = async (url: string, token: string): Promise<Record<string, unknown>> => {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  const parsed = await response.json() as Record<string, unknown>
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(parsed)}`)
  return parsed
}

/** The seeded first test client's phone (spec "Test-environment scenarios"). */
export const scenarioClientPhone = "+573000000001"

export interface IntegrationSetup {
  readonly apiKey: string
  readonly apiKeyId: string
  readonly clientId: string
  readonly cutoffPath: string
  /** Ten of the client's products, by SKU. */
  readonly items: ReadonlyArray<{ readonly sku: string; readonly quantity: number }>
  /** `POST /api/integrations/quotations`: the client, its default branch and the ten items. */
  readonly quotationBody: string
}

/** The seeded first test client and ten of its products, found through the API itself. */
export const prepareIntegration = async (base: string, adminPassword: string): Promise<IntegrationSetup> => {
  const login = await postJson(`${base}/api/auth/login`, { email: "admin@example.com", password: adminPassword })
  const key = await postJson(`${base}/api/api-keys`, {
    name: "bench",
    scopes: ["clients:read", "cutoff:read", "prices:read", "quotations:write"],
    // Load, not limits, is measured: far above what a bench sends (the limiter still counts it).
    rateLimitPerMinute: 1_000_000
  }, String(login.accessToken))
  const apiKey = String(key.apiKey)
  const lookup = await getJson(
    `${base}/api/integrations/clients/lookup?phone=${encodeURIComponent(scenarioClientPhone)}`,
    apiKey
  )
  const match = (lookup.matches as Array<{ clientId: string; defaultBranchId: string }>)[0]!
  const prices = await getJson(`${base}/api/integrations/clients/${match.clientId}/prices?search=-0&limit=10`, apiKey)
  const skus = (prices.items as Array<{ sku: string }>).map((item) => item.sku)
  if (skus.length !== 10) throw new Error(`expected 10 products, got ${skus.length}`)
  const items = skus.map((sku, i) => ({ sku, quantity: i + 1 }))
  return {
    apiKey,
    apiKeyId: String(key.id),
    clientId: match.clientId,
    cutoffPath: `/api/integrations/cutoff?clientId=${match.clientId}`,
    items,
    quotationBody: JSON.stringify({
      clientId: match.clientId,
      branchId: match.defaultBranchId,
      items,
      notes: "Pedido de prueba de carga"
    })
  }
}

/**
 * `count` more clients of the scenario client's company, branch (so its route: always
 * open) and price list, each ordering the same ten products: the bodies of their
 * `POST /api/integrations/quotations`. Traffic that creates thousands of quotations
 * spreads them over these, as a distributor's orders come from many clients, rather
 * than giving one client a history no real client has.
 */
export const prepareOrderingClients = async (
  base: string,
  adminToken: string,
  setup: IntegrationSetup,
  count: number
): Promise<ReadonlyArray<string>> => {
  const client = await getJson(`${base}/api/clients/${setup.clientId}`, adminToken)
  const bodies: Array<string> = []
  for (let n = 1; n <= count; n++) {
    const created = await postJson(`${base}/api/clients`, {
      name: `Cliente de carga ${String(n).padStart(3, "0")}`,
      nit: `BENCH-${n}`,
      companyId: client.companyId,
      branchId: client.branchId,
      priceListId: client.priceListId ?? null
    }, adminToken)
    bodies.push(JSON.stringify({ ...JSON.parse(setup.quotationBody), clientId: created.id, branchId: client.branchId }))
  }
  return bodies
}
