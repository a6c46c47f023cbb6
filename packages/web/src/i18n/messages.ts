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
