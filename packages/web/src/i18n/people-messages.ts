/**
 * The texts of the back office's people screens — Clientes, Empresas (and their
 * branches), Usuarios — in Spanish (es-CO, usted). The error codes these screens meet
 * have their sentences in `error-messages.ts`.
 */
import type { EmptyListTexts } from "../ui/EmptyList.tsx"

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n.toLocaleString("es-CO")} ${many}`)

const emptyPage = { emptyPage: "Esta página está vacía.", firstPage: "Ir a la primera página" } as const

/** "Desactivar …"/"Activar …" of one thing, with what each does, asked before doing it. */
const activeSwitch = (thing: string, name: string, deactivateBody: string, activateBody: string) => ({
  deactivate: `Desactivar ${thing}`,
  activate: `Activar ${thing}`,
  deactivateBody,
  activateBody,
  deactivated: `${name}: desactivado.`,
  activated: `${name}: activado de nuevo.`
})

export const peopleMessages = {
  common: {
    none: "—"
  },
  filters: {
    advisor: "Asesor",
    allAdvisors: "Todos los asesores",
    inactiveAdvisor: (name: string) => `${name} (inactivo)`,
    someAdvisor: "Asesor elegido",
    clearSearch: "Borrar la búsqueda"
  },
  clients: {
    title: "Clientes",
    count: (n: number) => plural(n, "cliente", "clientes"),
    search: "Buscar cliente",
    searchPlaceholder: "Nombre o correo electrónico",
    create: "Crear cliente",
    exportFile: "clientes",
    exportHint: "Descarga todos los clientes de la búsqueda actual (no solo esta página) en un archivo que Excel en español abre directamente.",
    emptyAdvisor: {
      empty: "Aún no tiene clientes asignados.",
      emptyFiltered: "Ningún cliente coincide con la búsqueda.",
      showAll: "Ver todos sus clientes",
      ...emptyPage
    } satisfies EmptyListTexts,
    emptyAdmin: {
      empty: "Aún no hay clientes. Cree el primero con «Crear cliente».",
      emptyFiltered: "Ningún cliente coincide con la búsqueda o el asesor elegido.",
      showAll: "Ver todos los clientes",
      ...emptyPage
    } satisfies EmptyListTexts,
    client: "Cliente",
    email: "Correo electrónico",
    company: "Empresa",
    branch: "Sucursal",
    route: "Ruta",
    quotationCount: "Cotizaciones",
    lastQuotation: "Último pedido",
    noQuotations: "Sin pedidos",
    noRoute: "Sin ruta",
    inactive: "Inactivo",
    none: "—"
  },
  client: {
    back: "Volver a clientes",
    facts: "Datos del cliente",
    email: "Correo electrónico",
    phone: "Teléfono",
    company: "Empresa",
    branch: "Sucursal",
    route: "Ruta",
    nit: "NIT del cliente",
    priceList: "Lista de precios",
    generalList: "Lista general",
    advisor: "Asesor",
    login: "Usuario de la consola",
    noLogin: "Sin usuario (solo por chat o por su asesor)",
    noRoute: "Sin ruta asignada",
    none: "Sin registrar",
    edit: "Editar cliente",
    saved: (name: string) => `Cliente «${name}» guardado.`,
    activeSwitch: (name: string) =>
      activeSwitch(
        "cliente",
        `Cliente «${name}»`,
        `¿Desactivar a «${name}»? Dejará de aparecer como cliente activo y no podrá hacer pedidos por el chat.`,
        `¿Activar de nuevo a «${name}»? Podrá volver a hacer pedidos.`
      ),
    quotations: "Cotizaciones del cliente",
    quotationsShown: (n: number) => (n >= 100 ? "Las 100 más recientes" : plural(n, "cotización", "cotizaciones")),
    noQuotations: "Este cliente aún no tiene cotizaciones.",
    notFoundTitle: "Cliente no encontrado",
    notFoundBody: "El cliente no existe o no está asignado a usted."
  },
  clientForm: {
    createTitle: "Crear cliente",
    editTitle: "Editar cliente",
    name: "Nombre del cliente",
    email: "Correo electrónico (opcional)",
    nit: "NIT del cliente",
    nitHint: "Opcional: si lo deja en blanco se usa el NIT de la empresa, si ningún otro cliente lo tiene.",
    nameRequired: "Escriba el nombre del cliente.",
    emailInvalid: "Escriba un correo electrónico válido, como nombre@empresa.com, o déjelo en blanco.",
    nitRequired: "Escriba el NIT del cliente.",
    nitInvalid: "Revise el NIT.",
    companyRequired: "Elija la empresa del cliente.",
    branchRequired: "Elija la sucursal del cliente.",
    branchNote: "La sucursal define la ruta de entrega y el asesor del cliente.",
    priceList: "Lista de precios",
    generalList: "Lista general",
    priceListGone: "Esa lista de precios ya no existe o está inactiva; elija otra.",
    phoneTitle: "Teléfono de contacto (opcional)",
    phone: "Teléfono",
    phoneHint: "Celular de 10 dígitos (300 123 4567) o con indicativo del país (+57 …).",
    phoneLabel: "Etiqueta del teléfono (opcional)",
    phoneInvalid: "Revise el teléfono."
  },
  phones: {
    title: "Teléfonos",
    empty: "El cliente no tiene teléfonos registrados.",
    messaging: "Chat",
    remove: "Quitar",
    removing: "Quitando…",
    removeLabel: (phone: string) => `Quitar el teléfono ${phone}`,
    confirmTitle: "Quitar teléfono",
    confirmBody: (phone: string, client: string) =>
      `¿Quitar el teléfono ${phone} de «${client}»? El chat ya no reconocerá a este cliente por ese número.`,
    added: (phone: string) => `Teléfono ${phone} agregado.`,
    removed: (phone: string) => `Teléfono ${phone} quitado.`,
    addTitle: "Agregar teléfono",
    phone: "Nuevo teléfono",
    label: "Etiqueta (opcional)",
    add: "Agregar teléfono",
    adding: "Agregando…",
    required: "Escriba el número de teléfono.",
    invalid: "Revise el teléfono.",
    labelInvalid: "La etiqueta es demasiado larga."
  },
  companies: {
    title: "Empresas",
    count: (n: number) => plural(n, "empresa", "empresas"),
    search: "Buscar empresa",
    searchPlaceholder: "Razón social o NIT",
    create: "Crear empresa",
    emptyAdvisor: {
      empty: "Aún no tiene sucursales asignadas en ninguna empresa.",
      emptyFiltered: "Ninguna de sus empresas coincide con la búsqueda.",
      showAll: "Ver todas sus empresas",
      ...emptyPage
    } satisfies EmptyListTexts,
    emptyAdmin: {
      empty: "Aún no hay empresas. Cree la primera con «Crear empresa».",
      emptyFiltered: "Ninguna empresa coincide con la búsqueda o el asesor elegido.",
      showAll: "Ver todas las empresas",
      ...emptyPage
    } satisfies EmptyListTexts,
    company: "Empresa",
    nit: "NIT",
    nitOf: (nit: string) => `NIT ${nit}`,
    branches: "Sucursales activas",
    myBranches: "Mis sucursales",
    branchCount: (n: number) => plural(n, "sucursal", "sucursales"),
    clients: "Clientes",
    myClients: "Mis clientes",
    quotations: "Cotizaciones",
    myQuotations: "Mis cotizaciones",
    revenue: "Ventas",
    myRevenue: "Mis ventas",
    facts: "Datos de la empresa",
    email: "Correo electrónico",
    phone: "Teléfono",
    address: "Dirección",
    createdAt: "Registrada",
    inactive: "Inactiva",
    none: "—"
  },
  company: {
    back: "Volver a empresas",
    edit: "Editar empresa",
    activeSwitch: (name: string) =>
      activeSwitch(
        "empresa",
        `Empresa «${name}»`,
        `¿Desactivar «${name}»? Sus clientes no podrán registrarse en ella; sus sucursales, clientes y cotizaciones se conservan.`,
        `¿Activar de nuevo «${name}»?`
      ),
    notFoundTitle: "Empresa no encontrada",
    notFoundBody: "La empresa no existe o no tiene sucursales activas asignadas a usted."
  },
  companyForm: {
    createTitle: "Crear empresa",
    editTitle: "Editar empresa",
    name: "Razón social",
    nit: "NIT",
    nitHint: "Sin dígito de verificación, como 900123456.",
    email: "Correo electrónico (opcional)",
    phone: "Teléfono (opcional)",
    address: "Dirección (opcional)",
    nameRequired: "Escriba la razón social.",
    nitRequired: "Escriba el NIT de la empresa.",
    emailInvalid: "Escriba un correo electrónico válido, como contacto@empresa.com.",
    tooLong: "El texto es demasiado largo.",
    created: (name: string) => `Empresa «${name}» creada.`,
    saved: (name: string) => `Empresa «${name}» guardada.`
  },
  companyBranches: {
    title: "Sucursales",
    mine: "Mis sucursales en esta empresa",
    add: "Agregar sucursal",
    empty: "La empresa no tiene sucursales.",
    name: "Sucursal",
    city: "Ciudad",
    address: "Dirección",
    route: "Ruta",
    advisor: "Asesor",
    state: "Estado",
    active: "Activa",
    inactive: "Inactiva",
    none: "—",
    noRoute: "Sin ruta",
    noAdvisor: "Sin asesor",
    you: "Usted",
    unknown: "…",
    editLabel: (name: string) => `Editar sucursal ${name}`,
    deactivateLabel: (name: string) => `Desactivar sucursal ${name}`,
    activateLabel: (name: string) => `Activar sucursal ${name}`,
    confirmTitle: "Desactivar sucursal",
    confirmBody: (name: string) =>
      `¿Desactivar la sucursal «${name}»? No se podrán hacer pedidos para ella; sus clientes y cotizaciones se conservan.`,
    activateTitle: "Activar sucursal",
    activateBody: (name: string) => `¿Activar de nuevo la sucursal «${name}»? Se podrán volver a hacer pedidos para ella.`,
    deactivated: (name: string) => `Sucursal «${name}» desactivada.`,
    activated: (name: string) => `Sucursal «${name}» activada de nuevo.`
  },
  branchForm: {
    route: "Ruta de entrega",
    advisor: "Asesor",
    noRoute: "Sin ruta",
    noAdvisor: "Sin asesor",
    assignmentNote: "La ruta y el asesor de la sucursal pasan a sus clientes. Una vez asignados, se cambian por otros, no se quitan.",
    added: (name: string) => `Sucursal «${name}» agregada.`,
    saved: (name: string) => `Sucursal «${name}» guardada.`
  },
  branchSelect: {
    label: "Sucursal",
    choose: "Elija una sucursal",
    companyFirst: "Elija primero la empresa",
    loading: "Cargando sucursales…",
    failed: "No se pudieron cargar las sucursales",
    none: "La empresa no tiene sucursales activas"
  },
  companyPicker: {
    label: "Empresa",
    placeholder: "Escriba la razón social o el NIT",
    showAll: "Ver empresas",
    hint: "Escriba parte del nombre o del NIT y elija la empresa de la lista.",
    failed: "No se pudo consultar la lista de empresas. Intente de nuevo.",
    loading: "Buscando empresas…",
    none: "Ninguna empresa coincide."
  },
  users: {
    title: "Usuarios",
    count: (n: number) => plural(n, "usuario", "usuarios"),
    search: "Buscar usuario",
    searchPlaceholder: "Nombre o correo electrónico",
    role: "Rol",
    allRoles: "Todos los roles",
    create: "Crear usuario",
    emptyList: {
      empty: "Aún no hay usuarios.",
      emptyFiltered: "Ningún usuario coincide con la búsqueda o el rol.",
      showAll: "Ver todos los usuarios",
      ...emptyPage
    } satisfies EmptyListTexts,
    name: "Nombre",
    email: "Correo",
    company: "Empresa · sucursal",
    erpSeller: "Vendedor en el ERP",
    noSeller: "Sin asignar",
    state: "Estado",
    active: "Activo",
    inactive: "Inactivo",
    none: "—",
    editLabel: (name: string) => `Editar usuario ${name}`,
    deactivateLabel: (name: string) => `Desactivar usuario ${name}`,
    activateLabel: (name: string) => `Activar usuario ${name}`,
    confirmTitle: "Desactivar usuario",
    confirmBody: (name: string, email: string) =>
      `¿Desactivar a ${name} (${email})? No podrá volver a ingresar y sus sesiones abiertas se cierran; sus datos se conservan.`,
    activateTitle: "Activar usuario",
    activateBody: (name: string, email: string) => `¿Activar de nuevo a ${name} (${email})? Podrá volver a ingresar con su contraseña.`,
    deactivated: (name: string) => `Usuario ${name} desactivado.`,
    activated: (name: string) => `Usuario ${name} activado de nuevo.`
  },
  accountForm: {
    createTitle: "Crear usuario",
    editTitle: "Editar usuario",
    role: "Rol",
    clientNote: "Se crea también su registro de cliente; la sucursal define su ruta y su asesor.",
    clientEditNote: "Cambiar la empresa o la sucursal cambia también la ruta y el asesor de su registro de cliente.",
    erpSeller: "Vendedor en el ERP (opcional)",
    sellersLoading: "Consultando los vendedores del ERP…",
    sellersUnavailable: "No se pudo consultar el ERP: escriba el número del vendedor en Siigo, o déjelo en blanco.",
    sellerHint: "El número del vendedor en Siigo; en blanco se usa el vendedor por defecto.",
    noSeller: "Sin asignar (vendedor por defecto)",
    sellerLabel: (id: number, name: string, active: boolean) => `${name} · ${id}${active ? "" : " (inactivo en el ERP)"}`,
    unlistedSeller: (id: string) => `Vendedor ${id} (no listado por el ERP)`,
    sellerInvalid: "Escriba el número del vendedor (un número entero mayor que 0) o déjelo en blanco.",
    created: (name: string) => `Usuario ${name} creado.`,
    saved: (name: string) => `Usuario ${name} guardado.`
  }
} as const
