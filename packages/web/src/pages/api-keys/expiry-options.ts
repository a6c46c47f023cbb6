/**
 * The choices of a key's expiry (the service takes 1–730 days, or none) and of a
 * rotation's grace (0–168 hours, 48 by default): a short list a clerk picks from rather
 * than a number to type.
 */
import { apiKeysMessages } from "../../i18n/api-keys-messages.ts"
import type { NativeSelectOption } from "../../ui/NativeSelect.tsx"

const never = "never"

export const expiryChoices: ReadonlyArray<NativeSelectOption> = [
  { id: never, label: apiKeysMessages.expiryOptions.never },
  ...[30, 90, 180, 365, 730].map((days) => ({ id: String(days), label: apiKeysMessages.expiryOptions.days(days) }))
]

export const noExpiry = never

/** The days chosen, or undefined for a key that never expires. */
export const expiresInDaysOf = (choice: string): number | undefined => (choice === never ? undefined : Number(choice))

export const defaultGraceHours = "48"

export const graceChoices: ReadonlyArray<NativeSelectOption> = [0, 1, 24, 48, 72, 168].map((hours) => ({
  id: String(hours),
  label: hours === 0 ? apiKeysMessages.rotate.graceNone : apiKeysMessages.rotate.graceHours(hours)
}))
