/**
 * Every text the console shows, in Spanish (es-CO), in one catalogue: screens read
 * `messages.<screen>.<text>`; error codes have their sentences in `error-messages.ts`.
 * A new screen adds its own section here rather than writing text in components.
 */
import { quotationMessages } from "./quotations-messages.ts"

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
    quotations: "Cotizaciones",
    clients: "Clientes",
    companies: "Empresas",
    stats: "Estadísticas",
    users: "Usuarios",
    routes: "Rutas",
    catalog: "Catálogo",
    apiKeys: "Llaves de API",
    webhooks: "Webhooks",
    erp: "ERP",
    audit: "Auditoría"
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
    body: "Su usuario no tiene acceso a esta página. Use el menú para ir a las páginas de su perfil.",
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
  /** Kept for other screens that name the list's columns; the quotation screens' texts are `quotationMessages`. */
  quotations: quotationMessages.quotations,
  pager: {
    label: "Paginación",
    previous: "Anterior",
    next: "Siguiente",
    pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`
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
    edit: "Editar",
    deactivate: "Desactivar",
    deactivating: "Desactivando…",
    activate: "Activar",
    activating: "Activando…",
    actions: "Acciones"
  },
  branches: {
    title: "Sucursales",
    add: "Agregar sucursal",
    editTitle: "Editar sucursal",
    name: "Nombre",
    city: "Ciudad",
    address: "Dirección",
    route: "Ruta",
    // The route's name only: its deprecated `routeDay` names one weekday of routes that run on several.
    routeOf: (name: string) => name,
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
  /** What every form and dialog says. */
  forms: {
    save: "Guardar",
    saving: "Guardando…",
    cancel: "Cancelar",
    invalid: "Revise este dato."
  },
  order: {
    title: "Hacer pedido",
    noBranches: "Su empresa no tiene sucursales activas. Agregue una en «Mi empresa» para poder hacer pedidos.",
    branch: {
      label: "Sucursal",
      single: "Sucursal:"
    },
    route: {
      title: "Estado de la ruta",
      loading: "Consultando la ruta de entrega…",
      open: "Abierta:",
      openHint: "la ruta recibe pedidos.",
      closed: "Cerrada:",
      closedHint: "la ruta no recibe pedidos en este momento.",
      missing: "Sin ruta de entrega:",
      missingHint: "esta sucursal no puede hacer pedidos.",
      route: "Ruta",
      goesTo: "Su pedido sale en la ruta del",
      deadline: "Recibe pedidos hasta",
      closesIn: (remaining: string) => `Cierra en ${remaining}`,
      reopens: "Vuelve a abrir",
      opensIn: (remaining: string) => `Abre en ${remaining}`,
      nextGoesTo: "El próximo pedido sale en la ruta del",
      upcoming: "Próximas rutas"
    },
    price: {
      promotion: "Promoción",
      regular: "Precio normal: ",
      perUnit: (unit: string) => `por ${unit}`
    },
    stock: {
      untracked: "Inventario no controlado",
      out: "Agotado",
      available: (quantity: string) => `Existencias: ${quantity}`
    },
    catalog: {
      title: "Catálogo",
      search: "Buscar producto",
      searchPlaceholder: "Nombre o SKU",
      clearSearch: "Borrar la búsqueda",
      category: "Categoría",
      allCategories: "Todas las categorías",
      loading: "Cargando productos…",
      searching: "Buscando productos…",
      count: (n: number) => (n === 1 ? "1 producto" : `${n} productos`),
      noMatch: "Ningún producto coincide con la búsqueda o la categoría.",
      empty: "No hay productos disponibles para su empresa en este momento.",
      clearFilters: "Ver todos los productos",
      truncated: (n: number) => `Se muestran los primeros ${n} productos; use la búsqueda para encontrar otros.`,
      neverSynced: "Existencias de referencia: el catálogo aún no se ha sincronizado con el sistema contable.",
      syncedAt: (at: string) => `Existencias según la última sincronización del catálogo (${at}).`,
      sku: (sku: string) => `SKU ${sku}`,
      unit: (unit: string) => `Unidad: ${unit}`,
      quantity: "Cantidad",
      quantityOf: (name: string) => `Cantidad de ${name}`,
      addOne: (label: string) => `Sumar una unidad (${label})`,
      removeOne: (label: string) => `Restar una unidad (${label})`
    },
    cart: {
      title: "Su pedido",
      empty: "Aún no ha agregado productos. Escriba la cantidad en el catálogo.",
      lineMath: (price: string, quantity: number, unit: string) => `${price} × ${quantity} ${unit} =`,
      quantityOf: (name: string) => `Cantidad en el pedido de ${name}`,
      remove: "Quitar",
      removeNamed: (name: string) => `Quitar ${name} del pedido`,
      notes: "Notas del pedido (opcional)",
      notesCount: (length: number, max: number) => `${length} / ${max} caracteres`,
      total: "Total estimado",
      totalNote: "Calculado con los precios del catálogo. El servidor confirma los precios y el total al recibir el pedido.",
      send: "Enviar pedido",
      sending: "Enviando…",
      blockedNoRoute: "No puede enviar: esta sucursal no tiene ruta de entrega.",
      blockedClosed: "No puede enviar mientras la ruta esté cerrada; su pedido se guarda hasta que abra.",
      blockedChecking: "Consultando si la ruta recibe pedidos…",
      blockedEmpty: "Agregue al menos un producto para enviar el pedido."
    },
    summary: {
      products: (n: number) => (n === 1 ? "1 producto" : `${n} productos`),
      goToCart: "Ver pedido"
    },
    notices: {
      repeating: "Cargando el pedido anterior con los precios de hoy…",
      repeated: (code: string) => `Se cargaron los productos del pedido ${code} con los precios de hoy. Revise las cantidades antes de enviar.`,
      repeatedNothing: (code: string) => `Ninguno de los productos del pedido ${code} está disponible hoy; su pedido no cambió.`,
      skipped: (names: string) => `No se agregaron porque ya no están disponibles: ${names}.`,
      removed: (names: string) => `Se quitaron de su pedido porque ya no están disponibles: ${names}.`,
      reopensAt: (at: string) => `La ruta vuelve a abrir el ${at}`,
      cartKept: "Su pedido sigue aquí; podrá enviarlo cuando la ruta abra.",
      alreadySent:
        "Este pedido ya se había recibido antes de su último cambio. Revise la cotización creada; si quiere enviar también los cambios, envíe de nuevo.",
      seeSent: "Ver la cotización recibida",
      dismiss: "Cerrar aviso"
    },
    confirmation: {
      title: (code: string) => `Pedido ${code} enviado`,
      received: "Recibimos su pedido; su asesor lo revisará. Estos son los precios y el total que calculó el servidor.",
      total: "Total",
      routeDate: "Ruta de entrega",
      branch: "Sucursal",
      lines: "Productos",
      line: (quantity: number, name: string) => `${quantity} × ${name}`,
      seeDetail: "Ver detalle del pedido",
      another: "Hacer otro pedido"
    }
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
