/**
 * Ready-to-send Spanish messages of the Cutoff status (the chatbot forwards them as-is).
 *
 * Wording (dates as "jueves 26 de noviembre", times as "5:00 p. m.", see `spanish.ts`):
 * - open:   "La ruta está abierta. Tu pedido sale en la ruta del jueves 26 de noviembre.
 *            Puedes enviarlo hasta el martes 24 de noviembre a las 5:00 p. m."
 * - closed: "La ruta está cerrada en este momento. La próxima ruta es la del viernes 4 de
 *            diciembre: podrás enviar tu pedido el sábado 28 de noviembre entre las
 *            12:00 a. m. y las 12:01 a. m."
 *            (different days: "desde el jueves 19 de noviembre a las 12:00 a. m. hasta
 *            el lunes 23 de noviembre a las 5:00 p. m.")
 * - no route: "Tu sede no tiene una ruta de entrega asignada, así que por ahora no
 *            podemos recibir pedidos. Comunícate con tu asesor para que te asigne una."
 *
 * Days relative to the current Bogota date read "hoy" / "mañana" instead of the date;
 * the year is written only when it is not the current one.
 */
import { bogota, type ZoneRules } from "./bogota-time.ts"
import { civilFromEpochDay, DAY_MS } from "./civil-date.ts"
import type { CutoffEvaluation } from "./cutoff.ts"
import { atSpanishTime, endSentence, spanishDate, theSpanishTime } from "./spanish.ts"

export const MISSING_ROUTE_MESSAGE =
  "Tu sede no tiene una ruta de entrega asignada, así que por ahora no podemos recibir pedidos. " +
  "Comunícate con tu asesor para que te asigne una."

interface Moment {
  readonly day: number
  readonly msOfDay: number
}

const momentOf = (zone: ZoneRules, instant: number): Moment => {
  const wall = instant + zone.offsetAt(instant)
  const day = Math.floor(wall / DAY_MS)
  return { day, msOfDay: wall - day * DAY_MS }
}

const dayPhrase = (day: number, today: number, year: number): string =>
  day === today ? "hoy" : day === today + 1 ? "mañana" : `el ${spanishDate(day, year)}`

const momentPhrase = (moment: Moment, today: number, year: number): string =>
  `${dayPhrase(moment.day, today, year)} ${atSpanishTime(moment.msOfDay)}`

/** Spanish message for an evaluation made at `now`. */
export const cutoffMessage = (evaluation: CutoffEvaluation, now: number, zone: ZoneRules = bogota): string => {
  const current = momentOf(zone, now)
  const year = civilFromEpochDay(current.day).year
  const routeDate = spanishDate(evaluation.routeDate, year)
  const deadline = momentOf(zone, evaluation.deadline)
  if (evaluation.isOpen) {
    return `La ruta está abierta. Tu pedido sale en la ruta del ${routeDate}. ` +
      endSentence(`Puedes enviarlo hasta ${momentPhrase(deadline, current.day, year)}`)
  }
  const opens = momentOf(zone, evaluation.windowOpensAt)
  const when = opens.day === deadline.day
    ? `${dayPhrase(opens.day, current.day, year)} entre ${theSpanishTime(opens.msOfDay)} y ${theSpanishTime(deadline.msOfDay)}`
    : `desde ${momentPhrase(opens, current.day, year)} hasta ${momentPhrase(deadline, current.day, year)}`
  return `La ruta está cerrada en este momento. La próxima ruta es la del ${routeDate}: ` +
    endSentence(`podrás enviar tu pedido ${when}`)
}
