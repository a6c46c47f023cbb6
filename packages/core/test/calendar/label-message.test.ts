import { assert, describe, it } from "@effect/vitest"
import { cutoffStatus } from "../../src/calendar/cutoff-status.ts"
import { firstDayName, scheduleLabel } from "../../src/calendar/label.ts"
import { spanishDate, spanishTime } from "../../src/calendar/spanish.ts"
import { day, ms, mustSchedule } from "./helpers.ts"

const MINUTE = 60_000

describe("Spanish dates and times", () => {
  it("writes dates the way a Colombian customer reads them", () => {
    assert.strictEqual(spanishDate(day("2026-11-26")), "jueves 26 de noviembre")
    assert.strictEqual(spanishDate(day("2026-03-01")), "domingo 1 de marzo")
    assert.strictEqual(spanishDate(day("2027-01-01"), 2026), "viernes 1 de enero de 2027")
    assert.strictEqual(spanishDate(day("2026-09-09"), 2026), "miércoles 9 de septiembre")
  })

  it("uses the 12-hour clock with a. m. / p. m.", () => {
    assert.strictEqual(spanishTime(17 * 60 * MINUTE), "5:00 p. m.")
    assert.strictEqual(spanishTime(0), "12:00 a. m.")
    assert.strictEqual(spanishTime(1 * MINUTE), "12:01 a. m.")
    assert.strictEqual(spanishTime(12 * 60 * MINUTE), "12:00 p. m.")
    assert.strictEqual(spanishTime((23 * 60 + 59) * MINUTE), "11:59 p. m.")
    assert.strictEqual(spanishTime((9 * 60 + 5) * MINUTE), "9:05 a. m.")
  })
})

describe("scheduleLabel", () => {
  it.each([
    [{ operationDays: [1, 4], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 1, cutoffTime: "17:00" }, "Lunes y jueves, cada semana. Cierre: 1 día antes a las 5:00 p. m."],
    [{ operationDays: [1, 2, 3, 4, 5, 6, 7], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 0, cutoffTime: "23:59" }, "Todos los días. Cierre: el mismo día a las 11:59 p. m."],
    [{ operationDays: [3], frequency: "biweekly", anchorDate: "2026-11-25", cutoffDaysBefore: 2, cutoffTime: "17:00" }, "Miércoles, cada dos semanas. Cierre: 2 días antes a las 5:00 p. m."],
    [{ operationDays: [5], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 6, cutoffTime: "00:01" }, "Viernes, cada semana. Cierre: 6 días antes a las 12:01 a. m."],
    [{ operationDays: [1, 2, 3, 4, 5], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 0, cutoffTime: "13:30" }, "De lunes a viernes, cada semana. Cierre: el mismo día a la 1:30 p. m."],
    [{ operationDays: [1, 3, 5], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 1, cutoffTime: "08:00" }, "Lunes, miércoles y viernes, cada semana. Cierre: 1 día antes a las 8:00 a. m."],
    [{ operationDays: [6, 7], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 2, cutoffTime: "12:00" }, "Sábado y domingo, cada semana. Cierre: 2 días antes a las 12:00 p. m."]
  ] as const)("%o → %s", (schedule, label) => {
    assert.strictEqual(scheduleLabel(schedule), label)
  })
})

describe("deprecated `day` field", () => {
  it("is the Spanish name of the first operating day", () => {
    assert.strictEqual(firstDayName([4, 1]), "Lunes")
    assert.strictEqual(firstDayName([3]), "Miércoles")
    assert.strictEqual(firstDayName([]), "")
  })
})

describe("cutoff messages", () => {
  const monThu = mustSchedule({ operationDays: [1, 4], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 1, cutoffTime: "17:00" })
  const biweekly = mustSchedule({ operationDays: [3], frequency: "biweekly", anchorDate: "2026-11-25", cutoffDaysBefore: 2, cutoffTime: "17:00" })
  const almostClosed = mustSchedule({ operationDays: [5], frequency: "weekly", anchorDate: null, cutoffDaysBefore: 6, cutoffTime: "00:01" })

  it("open, closing on a later day", () => {
    assert.strictEqual(
      cutoffStatus(biweekly, ms("2026-11-20T10:00:00-05:00")).message,
      "La ruta está abierta. Tu pedido sale en la ruta del miércoles 25 de noviembre. Puedes enviarlo hasta el lunes 23 de noviembre a las 5:00 p. m."
    )
  })

  it("open, closing tomorrow / today", () => {
    assert.strictEqual(
      cutoffStatus(monThu, ms("2026-11-24T10:00:00-05:00")).message,
      "La ruta está abierta. Tu pedido sale en la ruta del jueves 26 de noviembre. Puedes enviarlo hasta mañana a las 5:00 p. m."
    )
    assert.strictEqual(
      cutoffStatus(monThu, ms("2026-11-25T16:00:00-05:00")).message,
      "La ruta está abierta. Tu pedido sale en la ruta del jueves 26 de noviembre. Puedes enviarlo hasta hoy a las 5:00 p. m."
    )
  })

  it("closed, window on one day", () => {
    assert.strictEqual(
      cutoffStatus(almostClosed, ms("2026-11-28T00:01:00-05:00")).message,
      "La ruta está cerrada en este momento. La próxima ruta es la del viernes 11 de diciembre: podrás enviar tu pedido el sábado 5 de diciembre entre las 12:00 a. m. y las 12:01 a. m."
    )
  })

  it("closed, window over several days", () => {
    assert.strictEqual(
      cutoffStatus(biweekly, ms("2026-11-23T17:00:00-05:00")).message,
      "La ruta está cerrada en este momento. La próxima ruta es la del miércoles 9 de diciembre: podrás enviar tu pedido desde el jueves 26 de noviembre a las 12:00 a. m. hasta el lunes 7 de diciembre a las 5:00 p. m."
    )
  })

  it("closed, reopening tomorrow; dates in another year carry the year", () => {
    assert.strictEqual(
      cutoffStatus(monThu, ms("2026-12-31T18:00:00-05:00")).message,
      "La ruta está cerrada en este momento. La próxima ruta es la del lunes 4 de enero de 2027: podrás enviar tu pedido desde mañana a las 12:00 a. m. hasta el domingo 3 de enero de 2027 a las 5:00 p. m."
    )
  })
})
