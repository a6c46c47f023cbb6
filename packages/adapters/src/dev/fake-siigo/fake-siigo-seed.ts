/**
 * Deterministic seed data for the fake Siigo: the same options give the same catalog
 * (ids included), so runs and tests are reproducible. Every 10th product is a
 * Service without stock control, every 11th has no `prices`, every 13th no `taxes`,
 * every 17th is inactive; one customer has no contacts (documents for it fail with
 * `customer_settings`, as in Siigo); 27 users (more than a default page), some inactive.
 */
import type {
  FakeCustomer,
  FakeDocumentType,
  FakeProduct,
  FakeTax,
  FakeUser
} from "./fake-siigo-records.ts"

/** Small deterministic PRNG (mulberry32). */
export const seededRandom = (seed: number): () => number => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A uuid-shaped id from the PRNG (v4 layout). */
export const seededUuid = (random: () => number): string => {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16))
  hex[12] = "4"
  hex[16] = ((Math.floor(random() * 4)) + 8).toString(16)
  const s = hex.join("")
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}

/** DIAN modulo-11 check digit of a NIT (Siigo computes it when omitted). */
export const dianCheckDigit = (identification: string): string => {
  const weights = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71]
  const digits = identification.replace(/\D/g, "").split("").reverse()
  const sum = digits.reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0)
  const remainder = sum % 11
  return String(remainder > 1 ? 11 - remainder : remainder)
}

export const fakeTaxes: ReadonlyArray<FakeTax> = [
  { id: 13156, name: "IVA 19%", type: "IVA", percentage: 19, active: true },
  { id: 13157, name: "IVA 5%", type: "IVA", percentage: 5, active: true },
  { id: 13158, name: "Retefuente 2.5%", type: "Retefuente", percentage: 2.5, active: true }
]

const seedEpoch = Date.UTC(2024, 0, 1)

const adjectives = ["Premium", "Clásico", "Económico", "Industrial", "Orgánico", "Reforzado", "Ligero", "Compacto"]
const nouns = ["Arroz", "Aceite", "Café", "Jabón", "Cuaderno", "Tornillo", "Guante", "Camiseta", "Detergente", "Harina"]
const brands = ["Andina", "Caribe", "Pacífico", "Llanos", "Sierra"]

/** Product number `index` (1-based) of a seeded catalog. */
export const seedProduct = (index: number, random: () => number): FakeProduct => {
  const isService = index % 10 === 0
  const created = new Date(seedEpoch + index * 60_000)
  const base = Math.round((1_000 + random() * 99_000) / 50) * 50
  const quantity = isService ? 0 : Math.floor(random() * 500)
  const product: FakeProduct = {
    id: seededUuid(random),
    code: `SKU-${String(index).padStart(5, "0")}`,
    name: `${nouns[index % nouns.length]} ${adjectives[index % adjectives.length]} ${index}`,
    account_group: { id: 1253, name: isService ? "Servicios" : "Productos" },
    type: isService ? "Service" : "Product",
    stock_control: !isService,
    active: index % 17 !== 0,
    tax_classification: index % 13 === 0 ? "Excluded" : "Taxed",
    tax_included: false,
    unit: { code: "94", name: "unidad" },
    unit_label: "unidad",
    reference: `REF-${index}`,
    description: `Producto de prueba ${index}`,
    additional_fields: { barcode: `770${String(index).padStart(10, "0")}`, brand: brands[index % brands.length] ?? "", tariff: "", model: "" },
    available_quantity: quantity,
    warehouses: isService ? [] : [{ id: 1270, name: "Bodega principal", quantity }],
    metadata: {
      created: created.toISOString(),
      last_updated: index % 3 === 0 ? new Date(created.getTime() + 86_400_000).toISOString() : null
    }
  }
  if (index % 11 !== 0) {
    product.prices = [{
      currency_code: "COP",
      price_list: [
        { position: 1, name: "Precio de venta 1", value: base },
        { position: 2, name: "Precio de venta 2", value: Math.round(base * 0.95) },
        { position: 3, name: "Precio mayorista", value: Math.round(base * 0.9) }
      ]
    }]
  }
  if (index % 13 !== 0) {
    const tax = index % 4 === 0 ? fakeTaxes[1] : fakeTaxes[0]
    if (tax !== undefined) product.taxes = [{ id: tax.id, name: tax.name, type: tax.type, percentage: tax.percentage }]
  }
  return product
}

export const seedProducts = (count: number, random: () => number): Array<FakeProduct> =>
  Array.from({ length: count }, (_, i) => seedProduct(i + 1, random))

const bogota = {
  country_code: "Co",
  country_name: "Colombia",
  state_code: "11",
  state_name: "Bogotá",
  city_code: "11001",
  city_name: "Bogotá"
}

export const seedCustomers = (random: () => number): Array<FakeCustomer> => {
  const company = (index: number, withContact: boolean): FakeCustomer => {
    const identification = String(900_100_000 + index * 7)
    return {
      id: seededUuid(random),
      type: "Customer",
      person_type: "Company",
      id_type: { code: "31", name: "NIT" },
      identification,
      check_digit: dianCheckDigit(identification),
      name: [`Comercializadora Ejemplo ${index} S.A.S.`],
      commercial_name: `Ejemplo ${index}`,
      branch_office: 0,
      active: true,
      vat_responsible: index % 2 === 0,
      fiscal_responsibilities: [{ code: "R-99-PN", name: "No aplica - Otros" }],
      address: { address: `Calle ${10 + index} # ${index}-23`, city: bogota, postal_code: "110111" },
      phones: [{ indicative: "57", number: `601555${String(index).padStart(4, "0")}`, extension: "" }],
      contacts: withContact
        ? [{
          first_name: "Compras",
          last_name: `Empresa ${index}`,
          email: `compras${index}@ejemplo.com.co`,
          phone: { indicative: "57", number: `300555${String(index).padStart(4, "0")}`, extension: "" }
        }]
        : [],
      comments: "",
      related_users: { seller_id: 501, collector_id: null },
      metadata: { created: new Date(seedEpoch + index * 3_600_000).toISOString(), last_updated: null }
    }
  }
  const person: FakeCustomer = {
    ...company(99, true),
    id: seededUuid(random),
    person_type: "Person",
    id_type: { code: "13", name: "Cédula de ciudadanía" },
    identification: "52123456",
    check_digit: dianCheckDigit("52123456"),
    name: ["Ana María", "Pérez Gómez"],
    commercial_name: ""
  }
  return [...Array.from({ length: 8 }, (_, i) => company(i + 1, true)), company(9, false), person]
}

const sellerNames: ReadonlyArray<readonly [string, string]> = [
  ["Camila", "Torres"], ["Santiago", "Díaz"], ["Valentina", "Moreno"], ["Mateo", "Castro"], ["Isabela", "Vargas"],
  ["Sebastián", "Ortiz"], ["Mariana", "Ramírez"], ["Nicolás", "Herrera"], ["Daniela", "Jiménez"], ["Samuel", "Muñoz"],
  ["Gabriela", "Rojas"], ["Tomás", "Suárez"], ["Sara", "Romero"], ["Alejandro", "Navarro"], ["Juliana", "Mejía"],
  ["Felipe", "Cárdenas"], ["Paula", "Restrepo"], ["Martín", "Salazar"], ["Lucía", "Cortés"], ["Emilio", "Pineda"],
  ["Antonia", "Quintero"], ["Julián", "Ospina"], ["Manuela", "Arango"], ["Esteban", "Zapata"]
]

/**
 * 27 ERP users, more than one default page of 25: ids 501–527. 503 and every fourth of
 * 504–524 are inactive; 526 and 527, on the second page, are active sellers.
 */
export const seedUsers = (): Array<FakeUser> => [
  { id: 501, username: "asesor1@ejemplo.com.co", first_name: "Laura", last_name: "Gómez", email: "asesor1@ejemplo.com.co", active: true, identification: "1010101010" },
  { id: 502, username: "asesor2@ejemplo.com.co", first_name: "Andrés", last_name: "Rojas", email: "asesor2@ejemplo.com.co", active: true, identification: "1020202020" },
  { id: 503, username: "retirado@ejemplo.com.co", first_name: "Pedro", last_name: "Ruiz", email: "retirado@ejemplo.com.co", active: false, identification: "1030303030" },
  ...sellerNames.map(([first, last], index): FakeUser => {
    const id = 504 + index
    const username = `vendedor${id}@ejemplo.com.co`
    return {
      id,
      username,
      first_name: first,
      last_name: last,
      email: username,
      active: id >= 525 || index % 4 !== 3,
      identification: String(1_040_000_000 + index * 10_101)
    }
  })
]

/** What the seeded document types have in common (a plain Siigo account's defaults). */
const documentSettings = {
  active: true,
  seller_by_item: false,
  cost_center: false,
  cost_center_mandatory: false,
  automatic_number: true,
  consecutive: 1,
  discount_type: "Value",
  decimals: true
} as const

export const seedDocumentTypes = (): Array<FakeDocumentType> => [
  {
    id: 13261,
    code: "1",
    name: "Cotización",
    description: "Cotización de venta",
    type: "C",
    ...documentSettings
  },
  {
    id: 24446,
    code: "1",
    name: "Factura electrónica de venta",
    description: "Factura electrónica",
    type: "FV",
    ...documentSettings
  }
]
