import { messages } from "../i18n/messages.ts"

/** "45 segundos", "3 minutos", "2 horas": how long to wait, rounded up to the unit. */
export const waitText = (seconds: number): string => {
  if (seconds < 60) return messages.time.seconds(Math.ceil(seconds))
  if (seconds < 3600) return messages.time.minutes(Math.ceil(seconds / 60))
  if (seconds < 86_400) return messages.time.hours(Math.ceil(seconds / 3600))
  return messages.time.days(Math.ceil(seconds / 86_400))
}
