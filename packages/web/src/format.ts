/**
 * Money and time as a Colombian clerk reads them: pesos with no decimals, and every date
 * and time in Bogotá whatever the browser's zone.
 */
const bogota = "America/Bogota"

const money = new Intl.NumberFormat("es-CO", { style: "currency", currency: "COP", maximumFractionDigits: 0 })
const dateTime = new Intl.DateTimeFormat("es-CO", { timeZone: bogota, dateStyle: "medium", timeStyle: "short" })
const longDate = new Intl.DateTimeFormat("es-CO", { timeZone: bogota, weekday: "long", day: "numeric", month: "long", year: "numeric" })
const shortDate = new Intl.DateTimeFormat("es-CO", { timeZone: bogota, weekday: "short", day: "numeric", month: "short" })

export const formatMoney = (amount: number): string => money.format(amount)

/** An instant (ISO string or epoch ms) as a Bogotá date and time. */
export const formatDateTime = (at: string | number): string => dateTime.format(new Date(at))

/**
 * A civil date `YYYY-MM-DD` (a route date) as a long Spanish date. Read at Bogotá noon so
 * that no zone moves it to a neighbouring day.
 */
export const formatCivilDate = (day: string, style: "long" | "short" = "long"): string =>
  (style === "long" ? longDate : shortDate).format(new Date(`${day}T12:00:00-05:00`))

/** "2 h 05 min", "4 min 10 s": a remaining duration, for countdowns. */
export const formatRemaining = (millis: number): string => {
  const total = Math.max(0, Math.floor(millis / 1000))
  const days = Math.floor(total / 86_400)
  const hours = Math.floor((total % 86_400) / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  if (days > 0) return `${days} d ${hours} h`
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, "0")} min`
  return `${minutes} min ${String(seconds).padStart(2, "0")} s`
}
