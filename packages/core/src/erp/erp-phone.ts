/**
 * A local phone as Siigo's `{indicative, number}` (`ErpPhoneInput`). Company phones are
 * free text, so this does not validate: it keeps the digits (`phoneDigits`), splits off
 * Colombia's calling code when the number carries it (`hasColombianCallingCode`, the
 * rule `normalizePhone` uses), and sends nothing for fewer than 7 digits, which no
 * phone number has.
 */
import * as Option from "effect/Option"
import { COLOMBIA_CALLING_CODE, hasColombianCallingCode, phoneDigits } from "../clients/phone.ts"
import type { ErpPhoneInput } from "./erp-customer.ts"

/** Fewer digits than a Colombian landline without its area code cannot be a phone. */
const MIN_PHONE_DIGITS = 7

export const erpPhone = (phone: string | null): Option.Option<ErpPhoneInput> => {
  const digits = phoneDigits(phone ?? "")
  if (digits.length < MIN_PHONE_DIGITS) return Option.none()
  return Option.some(
    hasColombianCallingCode(digits)
      ? { indicative: COLOMBIA_CALLING_CODE, number: digits.slice(COLOMBIA_CALLING_CODE.length) }
      : { number: digits }
  )
}
