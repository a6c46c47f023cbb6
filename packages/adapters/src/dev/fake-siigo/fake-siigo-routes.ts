/**
 * The fake Siigo's endpoints: a synchronous function from a parsed request to a
 * response, over the mutable state. Behaviours follow /work/shared/erp/siigo-api.md
 * (observed calls win over the docs); docs/erp.md lists them.
 */
import { randomBytes, randomUUID } from "node:crypto"
import type {
  FakeCustomer,
  FakePhone,
  FakeProduct,
  FakeQuotation,
  FakeQuotationItem
} from "./fake-siigo-records.ts"
import { dianCheckDigit } from "./fake-siigo-seed.ts"
import type { FakeSiigoState } from "./fake-siigo-state.ts"
import { presentQuotation } from "./fake-siigo-variance.ts"

export interface FakeRequest {
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  readonly authorization: string | null
  readonly partnerId: string | null
  /** Parsed JSON body; `undefined` when empty. */
  readonly body: unknown
  readonly bodyIsJson: boolean
  /** The fake's own URL, for `_links` and `public_url`. */
  readonly baseUrl: string
  readonly now: number
}

export interface FakeResponse {
  readonly status: number
  readonly body: unknown
  readonly contentType?: string
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

const json = (status: number, body: unknown): FakeResponse => ({ status, body })

/** Siigo's error envelope. */
export const siigoError = (
  status: number,
  code: string,
  message: string,
  params: ReadonlyArray<string> = [],
  detail?: string
): FakeResponse =>
  json(status, {
    Status: status,
    Errors: [{ Code: code, Message: message, Params: params, ...(detail === undefined ? {} : { Detail: detail }) }]
  })

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const field = (value: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((current, key) => isObject(current) ? current[key] : undefined, value)

const stringField = (value: unknown, path: string): string | undefined => {
  const found = field(value, path)
  return typeof found === "string" ? found : typeof found === "number" ? String(found) : undefined
}

const numberField = (value: unknown, path: string): number | undefined => {
  const found = field(value, path)
  return typeof found === "number" && Number.isFinite(found) ? found : undefined
}

/** The first of `paths` missing or blank in `body`. */
const missing = (body: unknown, paths: ReadonlyArray<string>): string | undefined =>
  paths.find((path) => {
    const value = field(body, path)
    return value === undefined || value === null || (typeof value === "string" && value.trim() === "")
  })

const round2 = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100

/** Siigo's date filters: `yyyy-MM-dd` or `yyyy-MM-ddTHH:mm:ssZ`; a date-only end covers its whole day. */
const parseDateFilter = (value: string, end: boolean): number | undefined => {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = Date.parse(`${value}T00:00:00Z`)
    return Number.isNaN(start) ? undefined : end ? start + 86_400_000 - 1 : start
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/.test(value)) return undefined
  const parsed = Date.parse(value)
  return Number.isNaN(parsed) ? undefined : parsed
}

type DateRange = { readonly start?: number; readonly end?: number }

/** Reads `<prefix>_start`/`<prefix>_end`; a string is an error response. */
const dateRange = (query: URLSearchParams, prefix: string): DateRange | FakeResponse => {
  const range: { start?: number; end?: number } = {}
  for (const [edge, end] of [["start", false], ["end", true]] as const) {
    const raw = query.get(`${prefix}_${edge}`)
    if (raw === null || raw === "") continue
    const parsed = parseDateFilter(raw, end)
    if (parsed === undefined) {
      return siigoError(400, "invalid_format", `The parameter ${prefix}_${edge} has an invalid date format`, [
        `${prefix}_${edge}`
      ])
    }
    range[edge] = parsed
  }
  return range
}

const isResponse = (value: DateRange | FakeResponse): value is FakeResponse => "status" in value

const inRange = (iso: string, range: DateRange): boolean => {
  const at = Date.parse(iso)
  return (range.start === undefined || at >= range.start) && (range.end === undefined || at <= range.end)
}

/** Newest first, as Siigo sorts its lists. */
const newestFirst = <A extends { metadata: { created: string } }>(items: ReadonlyArray<A>): Array<A> =>
  items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => Date.parse(b.item.metadata.created) - Date.parse(a.item.metadata.created) || b.index - a.index)
    .map(({ item }) => item)

/**
 * Siigo's list wrapper with `_links`; page_size default 25, below 10 raised to 10, capped
 * at the variance's `maxPageSize` (100 unless a test or `npm run fake-erp` lowers it).
 */
const paginate = <A>(state: FakeSiigoState, request: FakeRequest, items: ReadonlyArray<A>): FakeResponse => {
  const rawPage = Number(request.query.get("page") ?? "1")
  const rawSize = Number(request.query.get("page_size") ?? "25")
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1
  const cap = Math.max(1, state.variance.maxPageSize)
  const pageSize = Math.min(cap, Math.max(Math.min(10, cap), Number.isInteger(rawSize) ? rawSize : 25))
  const link = (target: number) => {
    const params = new URLSearchParams(request.query)
    params.set("page", String(target))
    params.set("page_size", String(pageSize))
    return { href: `${request.baseUrl}${request.path}?${params.toString()}` }
  }
  const start = (page - 1) * pageSize
  return json(200, {
    pagination: { page, page_size: pageSize, total_results: items.length },
    results: items.slice(start, start + pageSize),
    _links: {
      self: link(page),
      ...(page > 1 ? { previous: link(page - 1) } : {}),
      ...(start + pageSize < items.length ? { next: link(page + 1) } : {})
    }
  })
}

/** Lookup lists: a plain array as documented, or the paginated wrapper (variance `lookups`). */
const lookup = <A>(state: FakeSiigoState, request: FakeRequest, items: ReadonlyArray<A>): FakeResponse =>
  state.variance.lookups === "list" ? paginate(state, request, items) : json(200, items)

const notFound = (what: string): FakeResponse => siigoError(404, "not_found", `${what} not found`)

// ---------------------------------------------------------------------------
// Authentication and headers
// ---------------------------------------------------------------------------

const handleAuth = (state: FakeSiigoState, request: FakeRequest): FakeResponse => {
  const absent = missing(request.body, ["username", "access_key"])
  if (absent !== undefined) return siigoError(400, "parameter_required", `The parameter ${absent} is required`, [absent])
  if (
    stringField(request.body, "username") !== state.credentials.username ||
    stringField(request.body, "access_key") !== state.credentials.accessKey
  ) {
    return siigoError(401, "unauthorized", "Invalid username or access key")
  }
  const token = randomBytes(24).toString("base64url")
  state.tokens.set(token, request.now + state.tokenLifetimeSeconds * 1000)
  // Docs say 201; observed calls answer 200.
  return json(200, {
    access_token: token,
    expires_in: state.tokenLifetimeSeconds,
    token_type: "Bearer",
    scope: "SiigoAPI"
  })
}

/** Bearer token first, then Partner-Id (not checked on /auth). */
const checkHeaders = (state: FakeSiigoState, request: FakeRequest): FakeResponse | undefined => {
  const token = /^Bearer\s+(\S+)$/i.exec(request.authorization ?? "")?.[1]
  const expiresAt = token === undefined ? undefined : state.tokens.get(token)
  if (expiresAt === undefined || expiresAt <= request.now) {
    if (token !== undefined) state.tokens.delete(token)
    return siigoError(401, "unauthorized", "The access token is invalid or has expired")
  }
  if (request.partnerId === null || request.partnerId === "") {
    return siigoError(400, "header_required", "The header Partner-Id is required", ["Partner-Id"])
  }
  if (!/^[A-Za-z0-9]{3,100}$/.test(request.partnerId)) {
    return siigoError(
      400,
      "invalid_partner_id",
      "The Partner-Id must have between 3 and 100 letters or digits, without spaces or special characters",
      ["Partner-Id"]
    )
  }
  return undefined
}

// ---------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------

const listProducts = (state: FakeSiigoState, request: FakeRequest): FakeResponse => {
  const created = dateRange(request.query, "created")
  if (isResponse(created)) return created
  const updated = dateRange(request.query, "updated")
  if (isResponse(updated)) return updated
  const code = request.query.get("code")
  const idsParam = request.query.get("ids")
  const ids = idsParam === null || idsParam === "" ? undefined : idsParam.split(",").map((id) => id.trim())
  if (ids !== undefined && ids.length > 20) {
    return siigoError(400, "invalid_length", "The parameter ids accepts up to 20 ids", ["ids"])
  }
  const selected = state.products.filter((product) =>
    (code === null || code === "" || product.code === code) &&
    (ids === undefined || ids.includes(product.id)) &&
    inRange(product.metadata.created, created) &&
    // A product never updated counts as updated when created.
    inRange(product.metadata.last_updated ?? product.metadata.created, updated)
  )
  return paginate(state, request, newestFirst(selected))
}

// ---------------------------------------------------------------------------
// Customers
// ---------------------------------------------------------------------------

const idTypeNames: Record<string, string> = {
  "13": "Cédula de ciudadanía",
  "22": "Cédula de extranjería",
  "31": "NIT",
  "41": "Pasaporte"
}

const cityNames: Record<string, { state: string; city: string }> = {
  "11001": { state: "Bogotá", city: "Bogotá" },
  "05001": { state: "Antioquia", city: "Medellín" },
  "76001": { state: "Valle del Cauca", city: "Cali" },
  "08001": { state: "Atlántico", city: "Barranquilla" }
}

const phoneOf = (value: unknown): FakePhone => ({
  indicative: stringField(value, "indicative") ?? "",
  number: stringField(value, "number") ?? "",
  extension: stringField(value, "extension") ?? ""
})

const arrayField = (value: unknown, path: string): Array<unknown> => {
  const found = field(value, path)
  return Array.isArray(found) ? found : []
}

/**
 * A customer record from a POST/PUT body. Fields the body omits get blank values:
 * this is what makes PUT replace the whole record.
 */
const customerFromBody = (body: unknown): FakeCustomer | FakeResponse => {
  const absent = missing(body, [
    "person_type",
    "id_type",
    "identification",
    "name",
    "address.address",
    "address.city.country_code",
    "address.city.state_code",
    "address.city.city_code"
  ])
  if (absent !== undefined) return siigoError(400, "parameter_required", `The parameter ${absent} is required`, [absent])
  const personType = stringField(body, "person_type")
  if (personType !== "Person" && personType !== "Company") {
    return siigoError(400, "invalid_type", "person_type must be Person or Company", ["person_type"])
  }
  const idType = stringField(body, "id_type") ?? ""
  const identification = stringField(body, "identification") ?? ""
  if (!/^\d{3,13}$/.test(identification)) {
    return siigoError(400, "invalid_type", "The identification must have 3 to 13 digits", ["identification"])
  }
  const names = arrayField(body, "name").filter((part): part is string => typeof part === "string")
  if (names.length !== (personType === "Person" ? 2 : 1)) {
    return siigoError(400, "invalid_length", "name takes two entries for a person and one for a company", ["name"])
  }
  const responsibilities = arrayField(body, "fiscal_responsibilities")
  if (responsibilities.length === 0 || responsibilities.some((item) => stringField(item, "code") === undefined)) {
    return siigoError(400, "parameter_required", "The parameter fiscal_responsibilities.code is required", [
      "fiscal_responsibilities.code"
    ])
  }
  const contacts = arrayField(body, "contacts")
  if (contacts.some((contact) => missing(contact, ["first_name"]) !== undefined)) {
    return siigoError(400, "parameter_required", "The parameter contacts.first_name is required", [
      "contacts.first_name"
    ])
  }
  const cityCode = stringField(body, "address.city.city_code") ?? ""
  const branch = numberField(body, "branch_office") ?? 0
  if (!Number.isInteger(branch) || branch < 0 || branch > 999) {
    return siigoError(400, "invalid_type", "branch_office must be between 0 and 999", ["branch_office"])
  }
  return {
    id: "",
    type: stringField(body, "type") ?? "Customer",
    person_type: personType,
    id_type: { code: idType, name: idTypeNames[idType] ?? "" },
    identification,
    check_digit: stringField(body, "check_digit") ?? dianCheckDigit(identification),
    name: names,
    commercial_name: stringField(body, "commercial_name") ?? "",
    branch_office: branch,
    active: field(body, "active") !== false,
    vat_responsible: field(body, "vat_responsible") === true,
    fiscal_responsibilities: responsibilities.map((item) => ({
      code: stringField(item, "code") ?? "",
      name: stringField(item, "code") === "R-99-PN" ? "No aplica - Otros" : ""
    })),
    address: {
      address: stringField(body, "address.address") ?? "",
      city: {
        country_code: stringField(body, "address.city.country_code") ?? "",
        country_name: stringField(body, "address.city.country_code") === "Co" ? "Colombia" : "",
        state_code: stringField(body, "address.city.state_code") ?? "",
        state_name: cityNames[cityCode]?.state ?? "",
        city_code: cityCode,
        city_name: cityNames[cityCode]?.city ?? ""
      },
      postal_code: stringField(body, "address.postal_code") ?? ""
    },
    phones: arrayField(body, "phones").map(phoneOf),
    contacts: contacts.map((contact) => ({
      first_name: stringField(contact, "first_name") ?? "",
      last_name: stringField(contact, "last_name") ?? "",
      email: stringField(contact, "email") ?? "",
      phone: phoneOf(field(contact, "phone"))
    })),
    comments: stringField(body, "comments") ?? "",
    related_users: {
      seller_id: numberField(body, "related_users.seller_id") ?? null,
      collector_id: numberField(body, "related_users.collector_id") ?? null
    },
    metadata: { created: "", last_updated: null }
  }
}

const duplicateOf = (state: FakeSiigoState, customer: FakeCustomer, exceptId?: string): boolean =>
  state.customers.some((other) =>
    other.id !== exceptId &&
    other.identification === customer.identification &&
    other.branch_office === customer.branch_office
  )

const alreadyExists = (customer: FakeCustomer): FakeResponse =>
  siigoError(
    400,
    "already_exists",
    `A customer with identification ${customer.identification} and branch office ${customer.branch_office} already exists`,
    ["identification"]
  )

const createCustomer = (state: FakeSiigoState, request: FakeRequest): FakeResponse => {
  const parsed = customerFromBody(request.body)
  if ("status" in parsed) return parsed
  if (duplicateOf(state, parsed)) return alreadyExists(parsed)
  const customer: FakeCustomer = {
    ...parsed,
    id: randomUUID(),
    metadata: { created: new Date(request.now).toISOString(), last_updated: null }
  }
  state.customers.push(customer)
  return json(201, customer)
}

const replaceCustomer = (state: FakeSiigoState, request: FakeRequest, id: string): FakeResponse => {
  const index = state.customers.findIndex((customer) => customer.id === id)
  const current = state.customers[index]
  if (current === undefined) return notFound("Customer")
  const parsed = customerFromBody(request.body)
  if ("status" in parsed) return parsed
  if (duplicateOf(state, parsed, id)) return alreadyExists(parsed)
  const replaced: FakeCustomer = {
    ...parsed,
    id,
    metadata: { created: current.metadata.created, last_updated: new Date(request.now).toISOString() }
  }
  state.customers[index] = replaced
  return json(200, replaced)
}

const listCustomers = (state: FakeSiigoState, request: FakeRequest): FakeResponse => {
  const created = dateRange(request.query, "created")
  if (isResponse(created)) return created
  const updated = dateRange(request.query, "updated")
  if (isResponse(updated)) return updated
  const identification = request.query.get("identification")
  const branch = request.query.get("branch_office")
  // `name` is not a Siigo filter: ignored, as Siigo does with unknown parameters.
  const selected = state.customers.filter((customer) =>
    (identification === null || identification === "" || customer.identification === identification) &&
    (branch === null || branch === "" || customer.branch_office === Number(branch)) &&
    inRange(customer.metadata.created, created) &&
    inRange(customer.metadata.last_updated ?? customer.metadata.created, updated)
  )
  return paginate(state, request, newestFirst(selected))
}

// ---------------------------------------------------------------------------
// Quotations
// ---------------------------------------------------------------------------

const createQuotation = (state: FakeSiigoState, request: FakeRequest): FakeResponse => {
  const body = request.body
  const absent = missing(body, ["document.id", "date", "customer.identification", "seller"])
  if (absent !== undefined) return siigoError(400, "parameter_required", `The parameter ${absent} is required`, [absent])
  const documentId = numberField(body, "document.id")
  const documentType = state.documentTypes.find((type) => type.id === documentId && type.type === "C")
  if (documentType === undefined || !documentType.active) {
    return siigoError(400, "invalid_reference", "The document type does not exist or is not a quotation type", [
      "document.id"
    ])
  }
  const date = stringField(body, "date") ?? ""
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
    return siigoError(400, "invalid_format", "The date must have the format yyyy-MM-dd", ["date"])
  }
  const identification = stringField(body, "customer.identification") ?? ""
  const branch = numberField(body, "customer.branch_office") ?? 0
  const customer = state.customers.find((candidate) =>
    candidate.identification === identification && candidate.branch_office === branch
  )
  if (customer === undefined) {
    return siigoError(400, "invalid_reference", `The customer ${identification} does not exist`, [
      "customer.identification"
    ])
  }
  if (customer.contacts.length === 0) {
    return siigoError(400, "customer_settings", "The customer has no contacts; add a contact to create documents", [
      "customer"
    ])
  }
  const sellerId = numberField(body, "seller")
  const seller = state.users.find((user) => user.id === sellerId)
  if (seller === undefined || !seller.active) {
    return siigoError(400, "invalid_reference", "The seller does not exist or is inactive", ["seller"])
  }
  const rawItems = arrayField(body, "items")
  if (rawItems.length === 0) return siigoError(400, "parameter_required", "The parameter items is required", ["items"])
  const items: Array<FakeQuotationItem> = []
  for (const raw of rawItems) {
    const missingItem = missing(raw, ["code", "quantity", "price"])
    if (missingItem !== undefined) {
      return siigoError(400, "parameter_required", `The parameter items.${missingItem} is required`, [
        `items.${missingItem}`
      ])
    }
    const code = stringField(raw, "code") ?? ""
    const product = state.products.find((candidate) => candidate.code === code)
    if (product === undefined || !product.active) {
      return siigoError(400, "invalid_reference", `The product ${code} does not exist or is inactive`, ["items.code"])
    }
    const quantity = numberField(raw, "quantity") ?? 0
    const price = numberField(raw, "price") ?? -1
    if (quantity <= 0 || price < 0) {
      return siigoError(400, "invalid_type", "quantity must be positive and price not negative", ["items.quantity"])
    }
    // A value, or an object with a value or a percentage: Siigo's docs do not fix it.
    const percentage = numberField(raw, "discount.percentage")
    const discount = numberField(raw, "discount") ?? numberField(raw, "discount.value") ??
      (percentage === undefined ? 0 : round2(quantity * price * percentage / 100))
    const taxes = []
    for (const taxRef of arrayField(raw, "taxes")) {
      const tax = state.taxes.find((candidate) => candidate.id === numberField(taxRef, "id"))
      if (tax === undefined) return siigoError(400, "invalid_reference", "The tax does not exist", ["items.taxes.id"])
      taxes.push(tax)
    }
    // Rounded to 2 decimals at each step: base, then each tax on the base, then the line.
    const base = round2(quantity * price - discount)
    const taxLines = taxes.map((tax) => ({
      id: tax.id,
      name: tax.name,
      type: tax.type,
      percentage: tax.percentage,
      value: round2(base * tax.percentage / 100)
    }))
    items.push({
      id: randomUUID(),
      code,
      description: stringField(raw, "description") ?? product.name,
      quantity,
      price,
      discount,
      taxes: taxLines,
      // Withholdings (Retefuente) are not charged on the line.
      total: round2(base + taxLines.reduce((sum, tax) => sum + (tax.type === "Retefuente" ? 0 : tax.value), 0))
    })
  }
  const number = documentType.consecutive
  documentType.consecutive += 1
  const id = randomUUID()
  const costCenter = numberField(body, "cost_center")
  const currencyCode = stringField(body, "currency.code")
  const quotation: FakeQuotation = {
    id,
    document: { id: documentType.id },
    number,
    name: `C-${documentType.code}-${number}`,
    date,
    customer: { id: customer.id, identification: customer.identification, branch_office: customer.branch_office },
    ...(costCenter === undefined ? {} : { cost_center: costCenter }),
    ...(currencyCode === undefined
      ? {}
      : { currency: { code: currencyCode, exchange_rate: numberField(body, "currency.exchange_rate") ?? 1 } }),
    seller: seller.id,
    observations: stringField(body, "observations") ?? "",
    items,
    total: round2(items.reduce((sum, item) => sum + item.total, 0)),
    public_url: `${request.baseUrl}/public/quotations/${id}`,
    metadata: { created: new Date(request.now).toISOString(), last_updated: null }
  }
  state.quotations.push(quotation)
  if (state.failQuotationCreates > 0) {
    // The quotation exists, but the caller is told it failed.
    state.failQuotationCreates -= 1
    return siigoError(500, "internal_error", "An unexpected error has occurred, please try again later")
  }
  return json(201, present(state, quotation))
}

const listQuotations = (state: FakeSiigoState, request: FakeRequest): FakeResponse => {
  const created = dateRange(request.query, "created")
  if (isResponse(created)) return created
  const name = request.query.get("name")
  const identification = request.query.get("customer_identification")
  const branch = request.query.get("customer_branch_office")
  const selected = state.quotations.filter((quotation) =>
    (name === null || name === "" || quotation.name === name) &&
    (identification === null || identification === "" || quotation.customer.identification === identification) &&
    (branch === null || branch === "" || quotation.customer.branch_office === Number(branch)) &&
    inRange(quotation.metadata.created, created)
  )
  return paginate(state, request, newestFirst(selected).map((quotation) => present(state, quotation)))
}

const present = (state: FakeSiigoState, quotation: FakeQuotation): unknown =>
  presentQuotation(quotation, state.variance.discountShape)

const publicQuotation = (state: FakeSiigoState, id: string): FakeResponse => {
  const quotation = state.quotations.find((candidate) => candidate.id === id)
  if (quotation === undefined) return { status: 404, body: "Not found", contentType: "text/plain; charset=utf-8" }
  const lines = quotation.items.map((item) => `<li>${item.code} × ${item.quantity}: ${item.total}</li>`).join("")
  return {
    status: 200,
    body: `<!doctype html><title>${quotation.name}</title><h1>${quotation.name}</h1><ul>${lines}</ul><p>Total ${quotation.total}</p>`,
    contentType: "text/html; charset=utf-8"
  }
}

// ---------------------------------------------------------------------------
// Router
// ---------------------------------------------------------------------------

const byId = <A extends { id: string }>(items: ReadonlyArray<A>, id: string, what: string): FakeResponse => {
  const found = items.find((item) => item.id === id)
  return found === undefined ? notFound(what) : json(200, found)
}

export const handleRequest = (state: FakeSiigoState, request: FakeRequest): FakeResponse => {
  const { method, path } = request
  if (method === "POST" && path === "/auth") return handleAuth(state, request)

  const publicMatch = /^\/public\/quotations\/([^/]+)$/.exec(path)
  if (method === "GET" && publicMatch?.[1] !== undefined) return publicQuotation(state, decodeURIComponent(publicMatch[1]))

  const refused = checkHeaders(state, request)
  if (refused !== undefined) return refused
  if ((method === "POST" || method === "PUT") && !request.bodyIsJson) {
    return siigoError(415, "unsupported_media_type", "The body must be JSON (Content-Type: application/json)")
  }
  // Deletion is disabled in Siigo's API (observed 403): deactivate instead.
  if (method === "DELETE") {
    return siigoError(403, "disabled_functionality", "This functionality is disabled; deactivate the record instead")
  }

  const [, version, resource, id, ...rest] = path.split("/")
  if (version !== "v1" || resource === undefined || rest.length > 0) return notFound("Resource")
  const itemId = id === undefined || id === "" ? undefined : decodeURIComponent(id)

  switch (`${method} ${resource}${itemId === undefined ? "" : "/:id"}`) {
    case "GET products":
      return listProducts(state, request)
    case "GET products/:id":
      return byId<FakeProduct>(state.products, itemId ?? "", "Product")
    case "GET customers":
      return listCustomers(state, request)
    case "POST customers":
      return createCustomer(state, request)
    case "GET customers/:id":
      return byId(state.customers, itemId ?? "", "Customer")
    case "PUT customers/:id":
      return replaceCustomer(state, request, itemId ?? "")
    case "GET users":
      // Observed in the list wrapper.
      return paginate(state, request, state.users)
    case "GET document-types": {
      const type = request.query.get("type")
      if (type === null || type === "") {
        return siigoError(400, "parameter_required", "The parameter type is required", ["type"])
      }
      return lookup(state, request, state.documentTypes.filter((documentType) => documentType.type === type))
    }
    case "GET taxes":
      return lookup(state, request, state.taxes)
    case "GET quotations":
      return listQuotations(state, request)
    case "POST quotations":
      return createQuotation(state, request)
    case "GET quotations/:id": {
      const found = state.quotations.find((quotation) => quotation.id === itemId)
      return found === undefined ? notFound("Quotation") : json(200, present(state, found))
    }
    default:
      return notFound("Resource")
  }
}
