/**
 * The test scenarios of CONTRACT.md ("Test scenarios") and of the spec ("Test-environment
 * scenarios", "Test routes"), as plain data. Every row is identified by a stable natural
 * key (route name, NIT, branch name within its company, SKU, e-mail, phone per client,
 * price list or promotion name), which is what makes `seedScenarios` idempotent.
 */

/** The phone numbers that select each scenario (E.164). */
export const scenarioPhones = {
  /** Company with 2 branches on the always-open route; own price list and promotions. */
  twoBranches: "+573000000001",
  /** Branch on the almost-closed route. */
  almostClosed: "+573000000002",
  /** The same number on two clients of two companies. */
  twoCompanies: "+573000000003",
  /** Branch without a route. */
  noRoute: "+573000000004",
  /** Registered to nobody. */
  unregistered: "+573000000099"
} as const

export const adminEmail = "admin@example.com"
export const advisorEmail = "asesor@example.com"
/** Login user of the first test client (role client). */
export const clientUserEmail = "cliente@example.com"

export interface RouteSeed {
  readonly key: "alwaysOpen" | "biweekly" | "almostClosed"
  readonly name: string
  readonly description: string
  readonly operationDays: ReadonlyArray<number>
  readonly frequency: "weekly" | "biweekly"
  readonly anchorDate: string | null
  readonly cutoffDaysBefore: number
  readonly cutoffTime: string
  readonly city: string
}

/** The spec's three test routes, named as in its "Test routes" table. */
export const routeSeeds: ReadonlyArray<RouteSeed> = [
  {
    key: "alwaysOpen",
    name: "Always open",
    description: "Ruta de prueba: opera todos los días y cierra el mismo día a las 23:59.",
    operationDays: [1, 2, 3, 4, 5, 6, 7],
    frequency: "weekly",
    anchorDate: null,
    cutoffDaysBefore: 0,
    cutoffTime: "23:59",
    city: "Bogotá"
  },
  {
    key: "biweekly",
    name: "Biweekly",
    description: "Ruta de prueba: miércoles cada dos semanas; cierra 2 días antes a las 17:00.",
    operationDays: [3],
    frequency: "biweekly",
    // A Wednesday: the route operates that week and every second week after.
    anchorDate: "2025-01-08",
    cutoffDaysBefore: 2,
    cutoffTime: "17:00",
    city: "Bogotá"
  },
  {
    key: "almostClosed",
    name: "Almost closed",
    description: "Ruta de prueba: viernes; cierra 6 días antes a las 00:01 (abierta un minuto por semana).",
    operationDays: [5],
    frequency: "weekly",
    anchorDate: null,
    cutoffDaysBefore: 6,
    cutoffTime: "00:01",
    city: "Bogotá"
  }
]

export interface BranchSeed {
  readonly name: string
  readonly address: string
  readonly city: string
  /** null: the branch has no route. */
  readonly route: RouteSeed["key"] | null
  readonly latitude: number
  readonly longitude: number
}

export interface ClientSeed {
  readonly name: string
  readonly nit: string
  readonly email: string
  /** Index into the company's branches. */
  readonly branch: number
  readonly phones: ReadonlyArray<{ readonly phone: string; readonly label: string }>
  /** The client's own price list (by name); absent = the general list. */
  readonly priceList?: string
  /** Login user of the client (role client), created with the seed password. */
  readonly userEmail?: string
}

export interface CompanySeed {
  readonly name: string
  readonly nit: string
  readonly email: string
  readonly phone: string
  readonly address: string
  readonly branches: ReadonlyArray<BranchSeed>
  readonly clients: ReadonlyArray<ClientSeed>
}

export const firstClientPriceList = "Lista Distribuidora Andina"

export const companySeeds: ReadonlyArray<CompanySeed> = [
  {
    name: "Distribuidora Andina S.A.S.",
    nit: "900100001",
    email: "contacto@andina.example.com",
    phone: "+576015550001",
    address: "Calle 80 # 45-10, Bogotá",
    branches: [
      { name: "Sede Norte", address: "Calle 140 # 15-20", city: "Bogotá", route: "alwaysOpen", latitude: 4.7205, longitude: -74.0431 },
      { name: "Sede Sur", address: "Autopista Sur # 68-50", city: "Bogotá", route: "alwaysOpen", latitude: 4.5981, longitude: -74.1635 }
    ],
    clients: [
      {
        name: "Distribuidora Andina",
        nit: "900100001",
        email: "compras@andina.example.com",
        branch: 0,
        phones: [{ phone: scenarioPhones.twoBranches, label: "Compras" }],
        priceList: firstClientPriceList,
        userEmail: clientUserEmail
      }
    ]
  },
  {
    name: "Comercializadora del Pacífico S.A.S.",
    nit: "900100002",
    email: "contacto@pacifico.example.com",
    phone: "+576025550002",
    address: "Carrera 1 # 12-30, Cali",
    branches: [
      { name: "Sede Principal", address: "Carrera 1 # 12-30", city: "Cali", route: "almostClosed", latitude: 3.4516, longitude: -76.532 }
    ],
    clients: [
      {
        name: "Comercializadora del Pacífico",
        nit: "900100002",
        email: "pedidos@pacifico.example.com",
        branch: 0,
        phones: [{ phone: scenarioPhones.almostClosed, label: "Pedidos" }]
      }
    ]
  },
  {
    name: "Ferretería El Tornillo S.A.S.",
    nit: "900100003",
    email: "contacto@tornillo.example.com",
    phone: "+576015550003",
    address: "Avenida 68 # 22-15, Bogotá",
    branches: [
      { name: "Almacén Principal", address: "Avenida 68 # 22-15", city: "Bogotá", route: "alwaysOpen", latitude: 4.6392, longitude: -74.1012 }
    ],
    clients: [
      {
        name: "Ferretería El Tornillo",
        nit: "900100003",
        email: "compras@tornillo.example.com",
        branch: 0,
        phones: [{ phone: scenarioPhones.twoCompanies, label: "Gerencia" }]
      }
    ]
  },
  {
    name: "Supermercado La Economía S.A.S.",
    nit: "900100004",
    email: "contacto@economia.example.com",
    phone: "+576045550004",
    address: "Calle 50 # 40-20, Medellín",
    branches: [
      { name: "Punto de Venta Centro", address: "Calle 50 # 40-20", city: "Medellín", route: "biweekly", latitude: 6.2476, longitude: -75.5658 }
    ],
    clients: [
      {
        name: "Supermercado La Economía",
        nit: "900100004",
        email: "compras@economia.example.com",
        branch: 0,
        phones: [{ phone: scenarioPhones.twoCompanies, label: "Propietario" }]
      }
    ]
  },
  {
    name: "Tienda Sin Ruta S.A.S.",
    nit: "900100005",
    email: "contacto@sinruta.example.com",
    phone: "+576055550005",
    address: "Carrera 54 # 70-10, Barranquilla",
    branches: [
      { name: "Local Único", address: "Carrera 54 # 70-10", city: "Barranquilla", route: null, latitude: 10.9878, longitude: -74.7889 }
    ],
    clients: [
      {
        name: "Tienda Sin Ruta",
        nit: "900100005",
        email: "pedidos@sinruta.example.com",
        branch: 0,
        phones: [{ phone: scenarioPhones.noRoute, label: "Pedidos" }]
      }
    ]
  }
]

export const categorySeeds = ["Abarrotes", "Bebidas", "Aseo"] as const

export interface ProductSeed {
  readonly sku: string
  readonly name: string
  readonly unit: string
  readonly category: (typeof categorySeeds)[number]
  readonly stock: number
  readonly stockTracked: boolean
  /** General (default) list price, COP. */
  readonly price: number
  /** Price in the first test client's own list, COP; absent = not in that list. */
  readonly clientListPrice?: number
}

export const productSeeds: ReadonlyArray<ProductSeed> = [
  { sku: "ABA-001", name: "Arroz blanco 5 kg", unit: "bulto", category: "Abarrotes", stock: 120, stockTracked: true, price: 23900, clientListPrice: 22500 },
  { sku: "ABA-002", name: "Aceite de girasol 3 L", unit: "garrafa", category: "Abarrotes", stock: 64, stockTracked: true, price: 38500, clientListPrice: 36000 },
  { sku: "ABA-003", name: "Azúcar refinada 2.5 kg", unit: "bolsa", category: "Abarrotes", stock: 85, stockTracked: true, price: 12800, clientListPrice: 12000 },
  { sku: "ABA-004", name: "Fríjol bola roja 1 kg", unit: "bolsa", category: "Abarrotes", stock: 0, stockTracked: true, price: 9900 },
  { sku: "BEB-001", name: "Agua sin gas 600 ml x 24", unit: "paca", category: "Bebidas", stock: 200, stockTracked: true, price: 28000, clientListPrice: 26500 },
  { sku: "BEB-002", name: "Gaseosa cola 1.5 L x 12", unit: "paca", category: "Bebidas", stock: 75, stockTracked: true, price: 52000 },
  { sku: "BEB-003", name: "Jugo de naranja 1 L x 6", unit: "caja", category: "Bebidas", stock: 40, stockTracked: true, price: 31500 },
  { sku: "BEB-004", name: "Café molido 500 g", unit: "bolsa", category: "Bebidas", stock: 0, stockTracked: false, price: 18900 },
  { sku: "ASE-001", name: "Detergente en polvo 3 kg", unit: "bolsa", category: "Aseo", stock: 55, stockTracked: true, price: 34900, clientListPrice: 33000 },
  { sku: "ASE-002", name: "Jabón de loza 1 kg", unit: "unidad", category: "Aseo", stock: 90, stockTracked: true, price: 11500 },
  { sku: "ASE-003", name: "Papel higiénico x 12", unit: "paquete", category: "Aseo", stock: 0, stockTracked: false, price: 24900, clientListPrice: 23500 },
  { sku: "ASE-004", name: "Cloro 3.8 L", unit: "galón", category: "Aseo", stock: 30, stockTracked: true, price: 15900 }
]

export const generalPriceListName = "Lista general"

export interface PromotionSeed {
  readonly name: string
  readonly kind: "general" | "specific"
  readonly sku: string
  readonly price: number
  /** NITs of the clients a `specific` promotion applies to. */
  readonly clientNits: ReadonlyArray<string>
}

/** Both active from 2024 to 2099: "active now and for years". */
export const promotionPeriod = { startsAt: "2024-01-01T00:00:00-05:00", endsAt: "2099-12-31T23:59:59-05:00" } as const

/**
 * The first test client's price list contains a client-specific promotion price (ABA-001:
 * below its list price 22500) and a general promotion price (BEB-001: below its list
 * price 26500, and below the general price 28000 for every other client).
 */
export const promotionSeeds: ReadonlyArray<PromotionSeed> = [
  { name: "Promoción general Agua x 24", kind: "general", sku: "BEB-001", price: 24900, clientNits: [] },
  { name: "Promoción Distribuidora Andina Arroz 5 kg", kind: "specific", sku: "ABA-001", price: 19900, clientNits: ["900100001"] }
]
