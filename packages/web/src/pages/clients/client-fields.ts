/** What a client's form and its phones share: the e-mail check, optional text, and a phone's refusals said in Spanish. */
import { describeFailure, hasCode } from "../../api/failure.ts"

export { emailPattern } from "../../ui/AccountFields.tsx"

/** Blank text is "none" (null). */
export const optionalText = (value: string): string | null => (value.trim() === "" ? null : value.trim())

/** INVALID_PHONE and DUPLICATE_PHONE, as the sentence shown next to the phone field. */
export const phoneFieldError = (failure: unknown): string | undefined =>
  hasCode(failure, "INVALID_PHONE") || hasCode(failure, "DUPLICATE_PHONE") ? describeFailure(failure).sentence : undefined
