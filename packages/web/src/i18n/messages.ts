/**
 * Every text the console shows, in Spanish (es-CO), in one catalogue: screens read
 * `messages.<screen>.<text>`; error codes have their sentences in `error-messages.ts`.
 * A new screen adds its own section here rather than writing text in components.
 */
export const messages = {
  app: {
    name: "Cotizaciones",
    skipToContent: "Saltar al contenido",
    mainNavigation: "Principal",
    logout: "Cerrar sesión",
    loading: "Cargando…",
    retry: "Reintentar",
    signedInAs: (name: string) => `Sesión de ${name}`
  },
  nav: {
    order: "Hacer pedido",
    myQuotations: "Mis cotizaciones",
    myCompany: "Mi empresa",
    quotations: "Cotizaciones"
  },
  login: {
    title: "Ingresar",
    intro: "Ingrese con el correo y la contraseña de su cuenta.",
    email: "Correo electrónico",
    password: "Contraseña",
    submit: "Ingresar",
    submitting: "Ingresando…",
    invalidCredentials: "El correo o la contraseña no son correctos.",
    throttled: (wait: string) => `Demasiados intentos fallidos. Espere ${wait} antes de volver a intentarlo.`,
    sessionExpired: "Su sesión terminó. Ingrese de nuevo."
  },
  notAvailable: {
    title: "Página no disponible",
    body: "Esta página es solo para clientes. Use el menú para ir a las páginas de su perfil.",
    goHome: "Ir al inicio"
  },
  notFound: {
    title: "Página no encontrada",
    body: "La dirección no corresponde a ninguna página de la consola.",
    goHome: "Ir al inicio"
  },
  roles: {
    admin: "Administrador",
    advisor: "Asesor",
    client: "Cliente"
  },
  /** Every quotation status, named once for the list, its filter, the detail and the history. */
  quotationStatus: {
    draft: "Borrador",
    sent: "Enviada",
    pending: "Pendiente",
    approved: "Aprobada",
    rejected: "Rechazada",
    synced: "Sincronizada con el ERP",
    sent_to_erp: "Enviada al ERP"
  },
  quotations: {
    titleClient: "Mis cotizaciones",
    titleStaff: "Cotizaciones",
    statusFilter: "Estado",
    allStatuses: "Todos los estados",
    count: (n: number) => (n === 1 ? "1 cotización" : `${n} cotizaciones`),
    code: "Código",
    date: "Fecha",
    status: "Estado",
    routeDate: "Fecha de ruta",
    total: "Total",
    items: "Productos",
    client: "Cliente",
    itemCount: (n: number) => (n === 1 ? "1 producto" : `${n} productos`),
    noRouteDate: "Sin fecha de ruta",
    emptyClient: "Aún no tiene cotizaciones",
    emptyClientHint: "Sus pedidos aparecerán aquí en cuanto los envíe.",
    emptyStaff: "Aún no hay cotizaciones",
    emptyFiltered: "No hay cotizaciones con ese estado",
    showAll: "Ver todas las cotizaciones",
    emptyPage: "Esta página no tiene cotizaciones.",
    firstPage: "Ir a la primera página",
    makeOrder: "Hacer pedido"
  },
  pager: {
    label: "Paginación",
    previous: "Anterior",
    next: "Siguiente",
    pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`
  },
  quotation: {
    title: (code: string) => `Cotización ${code}`,
    backClient: "Volver a mis cotizaciones",
    backStaff: "Volver a cotizaciones",
    summary: "Resumen",
    status: "Estado",
    createdAt: "Creada",
    updatedAt: "Última actualización",
    branch: "Sucursal",
    routeDate: "Fecha de ruta",
    advisor: "Asesor",
    client: "Cliente",
    source: "Origen",
    sources: { web: "Portal web", chat: "Chat" },
    notes: "Notas del pedido",
    none: "Sin asignar",
    noRouteDate: "Sin fecha de ruta",
    lines: "Productos",
    product: "Producto",
    sku: "SKU",
    quantity: "Cantidad",
    unitPrice: "Precio unitario",
    priceType: "Tipo de precio",
    priceTypes: { promotion: "Promoción", price_list: "Lista de precios" },
    subtotal: "Subtotal",
    total: "Total",
    history: "Historial de estados",
    historyEmpty: "Aún no hay cambios de estado registrados.",
    historyCreated: "Creada",
    historyFrom: (previous: string) => `Antes: ${previous}`,
    historyBy: (name: string) => `por ${name}`,
    historyBySystem: "por el sistema",
    repeat: "Repetir pedido",
    repeatHint: "Llena el carrito con los mismos productos y cantidades a los precios de hoy.",
    notFoundTitle: "Cotización no encontrada",
    notFoundBody: "La cotización no existe o su usuario no puede verla."
  },
  comments: {
    title: "Comentarios",
    empty: "Aún no hay comentarios.",
    formTitle: "Nuevo comentario",
    field: "Comentario",
    required: "Escriba el comentario.",
    tooLong: (max: number) => `El comentario puede tener hasta ${max} caracteres.`,
    counter: (used: number, max: number) => `${used} de ${max} caracteres`,
    submit: "Agregar comentario",
    submitting: "Agregando…",
    added: "Comentario agregado.",
    unknownAuthor: "Usuario eliminado",
    author: (name: string, role: string) => `${name} (${role})`
  },
  company: {
    title: "Mi empresa",
    profile: "Datos de la empresa",
    name: "Razón social",
    nit: "NIT",
    email: "Correo electrónico",
    phone: "Teléfono",
    address: "Dirección",
    notGiven: "Sin registrar",
    done: "Listo",
    save: "Guardar",
    saving: "Guardando…",
    cancel: "Cancelar",
    edit: "Editar",
    deactivate: "Desactivar",
    deactivating: "Desactivando…"
  },
  branches: {
    title: "Sucursales",
    add: "Agregar sucursal",
    editTitle: "Editar sucursal",
    name: "Nombre",
    city: "Ciudad",
    address: "Dirección",
    route: "Ruta",
    routeOf: (name: string, day: string | null) => (day === null ? name : `${name} (${day})`),
    noRoute: "Sin ruta asignada",
    routeNote: "La ruta la asigna su asesor.",
    empty: "La empresa no tiene sucursales activas.",
    editLabel: (name: string) => `Editar sucursal ${name}`,
    deactivateLabel: (name: string) => `Desactivar sucursal ${name}`,
    confirmTitle: "Desactivar sucursal",
    confirmBody: (name: string) =>
      `¿Desactivar la sucursal «${name}»? Dejará de aparecer en la empresa y no se podrán hacer pedidos para ella.`,
    added: (name: string) => `Sucursal «${name}» agregada.`,
    saved: (name: string) => `Sucursal «${name}» guardada.`,
    deactivated: (name: string) => `Sucursal «${name}» desactivada.`,
    nameRequired: "Escriba el nombre de la sucursal."
  },
  companyUsers: {
    title: "Usuarios",
    add: "Agregar usuario",
    editTitle: "Editar usuario",
    name: "Nombre",
    email: "Correo electrónico",
    branch: "Sucursal",
    password: "Contraseña",
    newPassword: "Nueva contraseña",
    newPasswordHint: "Déjela en blanco para no cambiarla.",
    passwordHint: "Al menos 6 caracteres.",
    you: "usted",
    noBranch: "Sin sucursal",
    empty: "La empresa no tiene usuarios activos.",
    editLabel: (name: string) => `Editar usuario ${name}`,
    deactivateLabel: (name: string) => `Desactivar usuario ${name}`,
    confirmTitle: "Desactivar usuario",
    confirmBody: (name: string, email: string) =>
      `¿Desactivar a ${name} (${email})? No podrá volver a ingresar a la consola.`,
    added: (name: string) => `Usuario ${name} agregado.`,
    saved: (name: string) => `Usuario ${name} guardado.`,
    deactivated: (name: string) => `Usuario ${name} desactivado.`,
    nameRequired: "Escriba el nombre del usuario.",
    emailInvalid: "Escriba un correo electrónico válido, como nombre@empresa.com.",
    passwordShort: "La contraseña debe tener al menos 6 caracteres.",
    branchRequired: "Elija la sucursal del usuario."
  },
  forms: {
    fieldInvalid: "Revise este dato."
  },
  errors: {
    title: "Algo salió mal",
    unexpected: "Ocurrió un error inesperado.",
    requestId: (id: string) => `Código de la solicitud: ${id}`,
    network: "No hay conexión con el servidor. Revise su conexión e intente de nuevo."
  },
  time: {
    seconds: (n: number) => (n === 1 ? "1 segundo" : `${n} segundos`),
    minutes: (n: number) => (n === 1 ? "1 minuto" : `${n} minutos`),
    hours: (n: number) => (n === 1 ? "1 hora" : `${n} horas`),
    days: (n: number) => (n === 1 ? "1 día" : `${n} días`)
  }
} as const
