/**
 * The quotation screens' texts (es-CO, usted): the list ("Mis cotizaciones" for a client,
 * "Cotizaciones" for an advisor or admin) with its filters, selection and bulk actions;
 * one quotation with its status actions, ERP state and comments. The statuses' own names
 * are shared (`messages.quotationStatus`): other screens show them too.
 */
export const quotationMessages = {
  quotations: {
    titleClient: "Mis cotizaciones",
    titleStaff: "Cotizaciones",
    statusFilter: "Estado",
    allStatuses: "Todos los estados",
    count: (n: number) => (n === 1 ? "1 cotización" : `${n.toLocaleString("es-CO")} cotizaciones`),
    code: "Código",
    date: "Fecha",
    status: "Estado",
    routeDate: "Fecha de ruta",
    total: "Total",
    items: "Productos",
    client: "Cliente",
    branch: "Sucursal",
    advisor: "Asesor",
    noBranch: "—",
    noAdvisor: "Sin asignar",
    itemCount: (n: number) => (n === 1 ? "1 producto" : `${n} productos`),
    noRouteDate: "Sin fecha de ruta",
    emptyClient: "Aún no tiene cotizaciones",
    emptyClientHint: "Sus pedidos aparecerán aquí en cuanto los envíe.",
    emptyStaff: "Aún no hay cotizaciones",
    emptyStaffHint: "Las cotizaciones de sus clientes aparecerán aquí en cuanto las envíen por el portal o por el chat.",
    emptyFiltered: "No hay cotizaciones con esos filtros",
    showAll: "Ver todas las cotizaciones",
    clearFilters: "Quitar los filtros",
    emptyPage: "Esta página no tiene cotizaciones.",
    firstPage: "Ir a la primera página",
    makeOrder: "Hacer pedido"
  },
  filters: {
    title: "Filtros",
    source: "Origen",
    allSources: "Todos los orígenes",
    client: "Cliente",
    clientPlaceholder: "Nombre o correo del cliente",
    clientHint: "Escriba para buscar entre sus clientes.",
    clientSearching: "Buscando clientes…",
    clientNone: "Ningún cliente coincide.",
    clientClear: "Quitar el filtro de cliente",
    clientUnknown: "Cliente no disponible",
    advisor: "Asesor",
    allAdvisors: "Todos los asesores",
    advisorsFailed: "No se pudo cargar la lista de asesores.",
    dateFrom: "Desde",
    dateTo: "Hasta",
    datesReversed: "La fecha «Hasta» debe ser igual o posterior a «Desde».",
    dateRange: "Fecha de creación",
    dateHint: "Días en hora de Bogotá, ambos incluidos."
  },
  selection: {
    column: "Selección",
    one: (code: string) => `Seleccionar ${code}`,
    allPending: "Seleccionar todas las pendientes de esta página",
    selected: (n: number) => (n === 1 ? "1 cotización seleccionada" : `${n} cotizaciones seleccionadas`),
    clear: "Quitar la selección",
    hint: "Marque las cotizaciones pendientes que quiera aprobar o rechazar juntas."
  },
  bulk: {
    approve: "Aprobar seleccionadas",
    reject: "Rechazar seleccionadas",
    approveTitle: "Aprobar cotizaciones",
    rejectTitle: "Rechazar cotizaciones",
    approveBody: (codes: string, n: number) =>
      `¿Aprobar ${n === 1 ? "la cotización" : `las ${n} cotizaciones`} ${codes}? El cliente verá ${n === 1 ? "su pedido aprobado" : "sus pedidos aprobados"}.`,
    rejectBody: (codes: string, n: number) =>
      `¿Rechazar ${n === 1 ? "la cotización" : `las ${n} cotizaciones`} ${codes}? Esta acción no se puede deshacer desde la consola.`,
    approveConfirm: "Aprobar",
    rejectConfirm: "Rechazar",
    working: (done: number, n: number) => `Procesando ${done} de ${n}…`,
    reportTitle: "Resultado de la acción",
    approvedSummary: (ok: number, n: number) =>
      ok === n ? (n === 1 ? "Se aprobó la cotización." : `Se aprobaron las ${n} cotizaciones.`) : `Se aprobaron ${ok} de ${n} cotizaciones.`,
    rejectedSummary: (ok: number, n: number) =>
      ok === n ? (n === 1 ? "Se rechazó la cotización." : `Se rechazaron las ${n} cotizaciones.`) : `Se rechazaron ${ok} de ${n} cotizaciones.`,
    lineDone: (code: string, status: string) => `${code}: ${status}.`,
    lineFailed: (code: string, reason: string) => `${code}: no se pudo. ${reason}`,
    dismiss: "Cerrar el resultado"
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
  /** The buttons of the status machine's transitions, each named by the status it leads to. */
  actions: {
    title: "Acciones",
    to: {
      draft: "Pasar a borrador",
      sent: "Marcar como enviada",
      pending: "Volver a pendiente",
      approved: "Aprobar",
      rejected: "Rechazar",
      synced: "Marcar como sincronizada",
      sent_to_erp: "Marcar como enviada al ERP"
    },
    confirmTitle: (action: string, code: string) => `${action} la cotización ${code}`,
    confirmBody: (code: string, status: string) =>
      `¿Cambiar la cotización ${code} a «${status}»? El cambio queda en el historial y se avisa a las integraciones; no se puede deshacer desde la consola.`,
    working: "Guardando…",
    done: (code: string, status: string) => `La cotización ${code} quedó «${status}».`,
    none: "En este estado la cotización no admite cambios desde la consola."
  },
  erp: {
    title: "Sistema contable (ERP)",
    state: "Estado en el ERP",
    notSent: "Aún no se ha enviado al ERP.",
    sent: (id: string) => `Enviada al ERP (documento ${id}).`,
    link: "Ver el documento en el ERP",
    linkMissing: "El ERP no entregó un enlace al documento.",
    push: "Enviar al ERP",
    pushing: "Enviando…",
    pushTitle: (code: string) => `Enviar la cotización ${code} al ERP`,
    pushBody: (code: string) =>
      `¿Crear la cotización ${code} en el sistema contable? Pasará a «Sincronizada con el ERP».`,
    pushed: (number: string) => `La cotización se creó en el ERP con el número ${number}.`,
    onlyApproved: "Solo las cotizaciones aprobadas se envían al ERP.",
    pushes: "Envíos al ERP"
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
  export: {
    hint: "Descarga las cotizaciones con los filtros actuales, de todas las páginas, en un archivo que Excel abre directamente.",
    fileBaseName: "cotizaciones"
  }
} as const
