/**
 * Instants as a `datetime-local` field holds them, in Bogotá's wall time whatever the
 * browser's zone (Colombia keeps UTC−5 all year): `2026-11-28T08:30` ⇄ an ISO instant.
 */
const wallClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Bogota",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23"
})

/** An instant as the field's value (`YYYY-MM-DDTHH:MM`, Bogotá). */
export const bogotaInputValue = (instant: string): string => {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    wallClock.formatToParts(new Date(instant)).find((candidate) => candidate.type === type)?.value ?? "00"
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`
}

/** The field's value as an ISO instant with Bogotá's offset; undefined when incomplete. */
export const instantOfBogotaInput = (value: string): string | undefined => {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(value.trim())
  return match === null ? undefined : `${match[1]}${match[2] ?? ":00"}-05:00`
}
