/**
 * The texts of the "Webhooks" screens (admin): the endpoints, an endpoint's page with its
 * deliveries, the signing secret shown once, and the Spanish names of event types and
 * delivery states. Error codes have their sentences in `error-messages.ts`.
 */
type EventType =
  | "quotation.created"
  | "quotation.status_changed"
  | "quotation.approved"
  | "quotation.rejected"
  | "quotation.comment_added"
  | "client.created"
  | "client.updated"
  | "branch.updated"
  | "route.updated"
  | "ping"

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`)

export const webhookMessages = {
  list: {
    title: "Webhooks",
    intro: "Direcciones de sus integraciones que reciben un aviso firmado cada vez que algo cambia en el servicio.",
    add: "Crear endpoint",
    count: (n: number) => plural(n, "endpoint", "endpoints"),
    limit: (max: number) => `Puede registrar hasta ${max} endpoints.`,
    empty: "Aún no hay endpoints registrados",
    emptyHint: "Cree uno para que su integración reciba los eventos del servicio.",
    disabledCount: (n: number) =>
      n === 1
        ? "El servicio desactivó 1 endpoint porque su receptor no respondía. Ábralo para ver el motivo y reactivarlo."
        : `El servicio desactivó ${n} endpoints porque sus receptores no respondían. Ábralos para ver el motivo y reactivarlos.`,
    name: "Nombre",
    url: "Dirección (URL)",
    events: "Eventos",
    state: "Estado",
    last24h: "Últimas 24 horas",
    stats: (delivered: number, failed: number, pending: number) =>
      `${plural(delivered, "entregada", "entregadas")}, ${plural(failed, "fallida", "fallidas")}, ${plural(pending, "pendiente", "pendientes")}`,
    eventCount: (n: number) => plural(n, "evento", "eventos"),
    open: (name: string) => `Abrir endpoint ${name}`
  },
  state: {
    active: "Activo",
    inactive: "Inactivo",
    disabled: "Desactivado por el servicio"
  },
  disabledReason: {
    gone: "El receptor respondió 410 (ya no existe), así que el servicio dejó de enviarle eventos.",
    failing: "Todas las entregas fallaron durante varios días seguidos, así que el servicio dejó de enviarle eventos.",
    since: (at: string) => `Desactivado desde el ${at}`,
    hint: "Corrija el receptor y pulse «Activar» para volver a recibir eventos; luego use «Recuperar entregas» para reenviar las que fallaron."
  },
  form: {
    addTitle: "Crear endpoint",
    editTitle: "Editar endpoint",
    name: "Nombre",
    nameHint: "Para reconocerlo, por ejemplo «Chatbot» o «ERP de la bodega».",
    nameRequired: "Escriba un nombre para el endpoint.",
    url: "Dirección (URL)",
    urlHint: "La dirección https de su receptor, por ejemplo https://integracion.empresa.com/webhooks.",
    urlRequired: "Escriba la dirección del receptor.",
    events: "Eventos",
    eventsHint: "Los avisos que recibirá este endpoint.",
    eventsRequired: "Elija al menos un evento.",
    loadingEvents: "Cargando los tipos de evento…",
    sources: "Origen de las cotizaciones",
    sourcesHint: "Solo filtra los eventos de cotizaciones; los demás llegan siempre.",
    sourcesRequired: "Elija al menos un origen.",
    sourceNames: { web: "Portal web", chat: "Chat" },
    created: (name: string) => `Endpoint «${name}» creado.`,
    saved: (name: string) => `Endpoint «${name}» guardado.`
  },
  /** A reason of INVALID_WEBHOOK_URL (`details.reason`), said next to the URL field. */
  urlReasons: {
    INVALID_URL: "La dirección no es válida. Escríbala completa, con https://.",
    NOT_HTTPS: "La dirección debe empezar con https://.",
    USERINFO: "La dirección no puede llevar usuario ni contraseña.",
    LOCALHOST: "La dirección no puede apuntar a este mismo equipo (localhost).",
    INTERNAL_HOSTNAME: "La dirección apunta a un nombre de red interno; use una dirección pública.",
    PRIVATE_ADDRESS: "La dirección apunta a una red privada; use una dirección pública.",
    LOOPBACK_ADDRESS: "La dirección apunta a este mismo equipo; use una dirección pública.",
    INVALID_ADDRESS: "La dirección IP del receptor no es válida.",
    NO_ADDRESSES: "No encontramos el servidor de esa dirección. Revise el nombre."
  } as Readonly<Record<string, string>>,
  secret: {
    title: "Secreto de firma",
    once: "Copie el secreto ahora y guárdelo en su integración: no se volverá a mostrar.",
    label: "Secreto de firma nuevo",
    hidden: "El secreto está oculto.",
    show: "Mostrar secreto",
    hide: "Ocultar secreto",
    copy: "Copiar secreto",
    copied: "Secreto copiado.",
    copyFailed: "No se pudo copiar; selecciónelo y cópielo a mano.",
    done: "Ya lo guardé",
    hint: (last4: string) => `Termina en …${last4}. Solo se muestra completo al crear el endpoint o al cambiarlo.`,
    previousUntil: (at: string) => `Hasta el ${at}, las entregas también llevarán la firma del secreto anterior.`,
    previousStopped: "El secreto anterior dejó de firmar las entregas."
  },
  endpoint: {
    back: "Volver a webhooks",
    notFoundTitle: "Endpoint no encontrado",
    notFoundBody: "El endpoint no existe; puede haber sido eliminado.",
    details: "Datos del endpoint",
    url: "Dirección (URL)",
    state: "Estado",
    events: "Eventos",
    sources: "Origen de las cotizaciones",
    allSources: "Todos los orígenes",
    secret: "Secreto de firma",
    createdAt: "Creado",
    lastSuccess: "Última entrega exitosa",
    lastFailure: "Última entrega fallida",
    never: "Nunca",
    last24h: "Últimas 24 horas",
    actions: "Acciones",
    edit: "Editar",
    activate: "Activar",
    activating: "Activando…",
    deactivate: "Desactivar",
    deactivating: "Desactivando…",
    deactivateTitle: "Desactivar endpoint",
    deactivateBody: (name: string) =>
      `¿Desactivar «${name}»? Dejará de recibir eventos y sus entregas pendientes se marcarán como fallidas.`,
    activated: (name: string) => `Endpoint «${name}» activado.`,
    deactivated: (name: string) => `Endpoint «${name}» desactivado.`,
    remove: "Eliminar",
    removing: "Eliminando…",
    removeTitle: "Eliminar endpoint",
    removeBody: (name: string) => `¿Eliminar «${name}» y todo su historial de entregas? Esta acción no se puede deshacer.`,
    removed: (name: string) => `Endpoint «${name}» eliminado.`
  },
  test: {
    send: "Enviar evento de prueba",
    sending: "Enviando evento de prueba…",
    delivered: (status: number | null, ms: number) =>
      `Evento de prueba entregado: el receptor respondió ${status ?? "sin código"} en ${ms} ms.`,
    failed: (detail: string) => `El evento de prueba no se entregó: ${detail}.`,
    answered: (status: number) => `el receptor respondió ${status}`,
    noAnswer: "el receptor no respondió",
    noAnswerBecause: (detail: string) => `el receptor no respondió (detalle técnico: ${detail})`
  },
  rotate: {
    open: "Cambiar secreto",
    title: "Cambiar el secreto de firma",
    intro: "Se genera un secreto nuevo. Durante el periodo de gracia cada entrega lleva dos firmas (con el nuevo y con el anterior), para que pueda actualizar su integración sin perder eventos.",
    grace: "Horas de gracia",
    graceHint: "De 0 a 168 horas (una semana). Con 0 el secreto anterior deja de servir de inmediato.",
    graceInvalid: "Escriba un número entero de horas entre 0 y 168.",
    submit: "Cambiar secreto",
    submitting: "Cambiando…",
    rotated: "Secreto cambiado."
  },
  deliveries: {
    title: "Entregas",
    intro: "Las últimas entregas de este endpoint, la más reciente primero.",
    filter: "Estado de la entrega",
    all: "Todos los estados",
    empty: "Este endpoint aún no tiene entregas.",
    emptyFiltered: "No hay entregas con ese estado.",
    showAll: "Ver todas las entregas",
    showing: (n: number) => `Se muestran las ${n} más recientes.`,
    more: "Mostrar más entregas",
    type: "Evento",
    status: "Estado",
    attempts: "Intentos",
    lastAnswer: "Última respuesta",
    createdAt: "Creada",
    lastAttempt: "Último intento",
    nextAttempt: (at: string) => `Próximo intento: ${at}`,
    deliveredAt: (at: string) => `Entregada el ${at}`,
    noAnswer: "Sin respuesta",
    notTried: "Sin intentos",
    retry: "Reintentar",
    retrying: "Reintentando…",
    retryLabel: (type: string, at: string) => `Reintentar la entrega ${type} del ${at}`,
    retried: (ok: boolean) => (ok ? "La entrega se reintentó y llegó al receptor." : "La entrega se reintentó, pero el receptor no la aceptó."),
    refresh: "Actualizar lista"
  },
  deliveryStatus: {
    pending: "Pendiente",
    delivered: "Entregada",
    failed: "Fallida"
  },
  recover: {
    open: "Recuperar entregas",
    title: "Recuperar entregas fallidas",
    intro: "Se reenvían, como intentos nuevos, todas las entregas fallidas de los eventos ocurridos en el periodo (hora de Bogotá).",
    since: "Desde",
    until: "Hasta (opcional)",
    untilHint: "Déjelo en blanco para llegar hasta ahora.",
    sinceRequired: "Elija desde cuándo recuperar.",
    untilBeforeSince: "«Hasta» debe ser posterior a «Desde».",
    submit: "Recuperar",
    submitting: "Recuperando…",
    queued: (n: number) =>
      n === 0 ? "No había entregas fallidas en ese periodo." : `${plural(n, "entrega fallida se reenvía", "entregas fallidas se reenvían")} ahora.`
  },
  eventNames: {
    "quotation.created": "Cotización creada",
    "quotation.status_changed": "Cambio de estado de una cotización",
    "quotation.approved": "Cotización aprobada",
    "quotation.rejected": "Cotización rechazada",
    "quotation.comment_added": "Comentario en una cotización",
    "client.created": "Cliente creado",
    "client.updated": "Cliente actualizado",
    "branch.updated": "Sucursal actualizada",
    "route.updated": "Ruta actualizada",
    ping: "Evento de prueba"
  } satisfies Record<EventType, string>
} as const
