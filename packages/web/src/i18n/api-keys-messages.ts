/** The texts of "Llaves de API" (admins), in Spanish (es-CO), usted form. */
import type { components } from "../api/schema"

type ApiKeyScope = components["schemas"]["ApiKey"]["scopes"][number]

export const apiKeysMessages = {
  title: "Llaves de API",
  intro: "Las llaves con las que otros sistemas (el chat, el ERP, integraciones) usan la API. Cada llave solo puede lo que permiten sus permisos.",
  create: "Crear llave",
  loading: "Cargando llaves…",
  empty: "Aún no hay llaves de API.",
  emptyHint: "Cree una llave para cada sistema que se conecte, con solo los permisos que necesita.",
  count: (n: number) => (n === 1 ? "1 llave" : `${n} llaves`),
  columns: {
    name: "Nombre",
    prefix: "Comienza por",
    scopes: "Permisos",
    state: "Estado",
    lastUsed: "Último uso",
    rateLimit: "Límite",
    expires: "Vence",
    actions: "Acciones"
  },
  neverUsed: "Nunca",
  neverExpires: "No vence",
  defaultRateLimit: "Predeterminado",
  perMinute: (limit: string) => `${limit} por minuto`,
  state: {
    active: "Activa",
    replaced: "Reemplazada",
    expired: "Vencida",
    revoked: "Revocada"
  },
  replacedUntil: (until: string) => `Sirve hasta ${until}`,
  revokedOn: (on: string) => `Revocada el ${on}`,
  /** What each scope lets a key do (spec "Scopes"); the checkbox itself is named by the scope. */
  scopes: {
    "catalog:read": "Consultar las categorías del catálogo.",
    "clients:read": "Buscar clientes por teléfono.",
    "prices:read": "Consultar los precios de un cliente.",
    "cutoff:read": "Consultar el estado de corte de la ruta de una sucursal.",
    "quotations:write": "Crear cotizaciones y consultar las creadas con esta llave.",
    "events:read": "Leer el historial de eventos (webhooks)."
  } satisfies Record<ApiKeyScope, string>,
  form: {
    createTitle: "Crear llave de API",
    editTitle: "Editar llave",
    name: "Nombre",
    nameHint: "Para reconocerla: el sistema que la usa (p. ej. «Chat de WhatsApp»).",
    nameRequired: "Escriba un nombre para la llave.",
    nameTooLong: "El nombre admite hasta 200 caracteres.",
    scopes: "Permisos",
    scopesHint: "Marque solo lo que el sistema necesita.",
    scopesRequired: "Marque al menos un permiso.",
    rateLimit: "Solicitudes por minuto",
    rateLimitHint: "Cuántas solicitudes por minuto puede hacer la llave (de 1 a 1.000.000). En blanco: el límite predeterminado del servicio.",
    rateLimitInvalid: "Escriba un número entero entre 1 y 1.000.000, o déjelo en blanco.",
    expiry: "Vencimiento",
    expiryHint: "Después de esa fecha la llave deja de servir.",
    submitCreate: "Crear",
    submittingCreate: "Creando…",
    saved: (name: string) => `Llave «${name}» guardada.`
  },
  expiryOptions: {
    never: "Sin vencimiento",
    days: (days: number) => (days === 365 ? "En 1 año" : days === 730 ? "En 2 años" : `En ${days} días`)
  },
  issued: {
    createdTitle: "Llave creada",
    rotatedTitle: "Llave rotada",
    label: "Llave nueva",
    once: "Copie la llave ahora y guárdela en un lugar seguro: por seguridad no se volverá a mostrar.",
    show: "Mostrar",
    hide: "Ocultar",
    copy: "Copiar llave",
    copied: "Llave copiada al portapapeles.",
    copyFailed: "No se pudo copiar automáticamente: la llave quedó a la vista y seleccionada; cópiela con Ctrl+C (en el teléfono, «Copiar»).",
    done: "Listo, ya la guardé",
    created: (name: string) => `Llave «${name}» creada.`,
    rotated: (name: string) => `Llave «${name}» rotada.`,
    previousUntil: (until: string) => `La llave anterior sigue sirviendo hasta ${until}.`,
    previousStopped: "La llave anterior ya no sirve."
  },
  rotate: {
    title: "Rotar llave",
    intro: (name: string) => `Se crea una llave nueva para «${name}», con los mismos permisos y el mismo límite por minuto. Mientras actualiza el sistema que la usa, la llave anterior puede seguir sirviendo unas horas.`,
    grace: "La llave anterior sigue sirviendo",
    graceHint: "Cuando termine ese plazo, la llave anterior deja de servir.",
    graceNone: "No: deja de servir ya",
    graceHours: (hours: number) => (hours === 1 ? "1 hora más" : hours === 168 ? "1 semana más" : `${hours} horas más`),
    submit: "Rotar llave",
    submitting: "Rotando…"
  },
  revoke: {
    title: "¿Revocar la llave?",
    body: (name: string, prefix: string) =>
      `La llave «${name}» (${prefix}…) dejará de servir de inmediato y no se puede reactivar. Los sistemas que la usen recibirán un error.`,
    confirm: "Revocar",
    pending: "Revocando…",
    done: (name: string) => `Llave «${name}» revocada.`
  },
  actions: {
    edit: "Editar",
    rotate: "Rotar",
    revoke: "Revocar",
    editLabel: (name: string) => `Editar ${name}`,
    rotateLabel: (name: string) => `Rotar ${name}`,
    revokeLabel: (name: string) => `Revocar ${name}`
  }
} as const
