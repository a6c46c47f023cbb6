/**
 * Phone normalization to E.164 (spec "Phone normalization"). Numbers are stored and
 * compared in this form, by exact equality.
 *
 * | Input                                                    | Result                     |
 * |----------------------------------------------------------|----------------------------|
 * | `+` and country code (spaces, `()`, `-`, `.` allowed)    | kept: `+<cc><number>`      |
 * | 10 digits starting with 3 (Colombian mobile), separators allowed | `+57` prepended    |
 * | digits starting with 57, no `+`                          | `+` prepended              |
 * | anything else: landline without country code (`601…`), too short, letters, other countries without `+` | `INVALID_PHONE` |
 *
 * Every accepted number must also be a *valid* number for its country according to
 * libphonenumber-js **max** metadata. `min` metadata only checks lengths (so
 * `+57 399 000 0000`, not an assigned mobile range, would pass) and cannot tell a mobile
 * from a landline; `max` has the per-country digit patterns, which both checks need.
 * A bare 10-digit number must moreover be a Colombian *mobile* (type MOBILE).
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { parsePhoneNumberFromString } from "libphonenumber-js/max"
import { InvalidPhone } from "./errors.ts"

/** Separators people type inside phone numbers. */
const SEPARATORS = /[\s().\-]/g

const reject = (input: string, reason: string) =>
  Result.fail(new InvalidPhone({ message: `Cannot normalize phone "${input}": ${reason}`, details: { phone: input, reason } }))

const validE164 = (candidate: string, input: string, mobileOnly: boolean): Result.Result<string, InvalidPhone> => {
  const parsed = parsePhoneNumberFromString(candidate)
  if (parsed === undefined || !parsed.isValid()) return reject(input, "not a valid phone number")
  if (mobileOnly) {
    const type = parsed.getType()
    if (type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE") {
      return reject(input, "a number without country code must be a 10-digit Colombian mobile")
    }
  }
  return Result.succeed(parsed.number)
}

/** Colombia's country calling code. */
export const COLOMBIA_CALLING_CODE = "57"

/** The digits of a phone as typed: separators, `+` and letters dropped. */
export const phoneDigits = (input: string): string => input.replace(/\D/g, "")

/**
 * Whether a digit string (no `+`) starts with Colombia's calling code: it starts with 57
 * and is longer than a 10-digit national number.
 */
export const hasColombianCallingCode = (digits: string): boolean =>
  digits.length > 10 && digits.startsWith(COLOMBIA_CALLING_CODE)

/** Normalizes a phone number to E.164, or fails with `InvalidPhone` (`INVALID_PHONE`). */
export const normalizePhone = (input: string): Result.Result<string, InvalidPhone> => {
  const trimmed = input.trim()
  const compact = trimmed.replace(SEPARATORS, "")
  if (compact.startsWith("+")) {
    const digits = compact.slice(1)
    if (!/^\d{6,15}$/.test(digits)) return reject(input, "expected + followed by the country code and number")
    return validE164(`+${digits}`, input, false)
  }
  if (!/^\d+$/.test(compact)) return reject(input, "only digits, spaces, parentheses and hyphens are allowed")
  if (compact.length === 10 && compact.startsWith("3")) return validE164(`+57${compact}`, input, true)
  if (hasColombianCallingCode(compact)) return validE164(`+${compact}`, input, false)
  return reject(
    input,
    compact.length < 10
      ? "too short"
      : "ambiguous: write the country code (+57…) or a 10-digit Colombian mobile number"
  )
}

/** `normalizePhone` as an Effect. */
export const normalizePhoneEffect = (input: string): Effect.Effect<string, InvalidPhone> =>
  Effect.fromResult(normalizePhone(input))

/** Whether two inputs denote the same normalized number. */
export const samePhone = (a: string, b: string): boolean => {
  const left = normalizePhone(a)
  const right = normalizePhone(b)
  return Result.isSuccess(left) && Result.isSuccess(right) && left.success === right.success
}
