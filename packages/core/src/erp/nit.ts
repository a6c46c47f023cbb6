/**
 * Tax ids (NIT) as the ERP wants them: digits only, without the DIAN check digit, sent
 * with document type 31 (spec "Customers", export). Local NITs are free text
 * (`900.100.001-7`, `900100001`, or the `NIT-…` placeholder of clients registered
 * without one), so every ERP-bound use goes through `cleanNit`.
 */

/** Siigo's identification rule: 3 to 13 digits. */
const identificationPattern = /^[0-9]{3,13}$/

/** Placeholder given to clients without a tax id (spec "Users", rule 2). */
const placeholderPattern = /^NIT-/i

export type CleanNit =
  | { readonly _tag: "Valid"; readonly identification: string }
  | { readonly _tag: "Missing" }
  | { readonly _tag: "Placeholder" }
  | { readonly _tag: "Invalid"; readonly reason: string }

/** The Siigo document type of a company tax id. */
export const nitIdType = "31"

/**
 * `900.100.001-7` → `900100001`: the check digit (after a hyphen) is dropped, then dots,
 * spaces and commas. A NIT written without a hyphen keeps all its digits, since a
 * trailing check digit cannot be told from the number itself.
 */
export const cleanNit = (raw: string | null | undefined): CleanNit => {
  const text = (raw ?? "").trim()
  if (text === "") return { _tag: "Missing" }
  if (placeholderPattern.test(text)) return { _tag: "Placeholder" }
  const [number = ""] = text.split("-")
  const digits = number.replace(/[.\s,]/g, "")
  if (digits === "") return { _tag: "Missing" }
  return identificationPattern.test(digits)
    ? { _tag: "Valid", identification: digits }
    : { _tag: "Invalid", reason: `"${text}" is not a NIT of 3 to 13 digits` }
}
