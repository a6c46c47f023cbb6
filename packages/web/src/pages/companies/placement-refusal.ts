/**
 * Where a client goes (company, branch, price list) in an admin's forms — a client's, a
 * client login's: the sentence of each field when it is missing, and the service's
 * refusals of a choice said next to the field they are about.
 */
import { describeFailure, hasCode } from "../../api/failure.ts"
import { peopleMessages } from "../../i18n/people-messages.ts"
import type { FieldErrors } from "../../ui/field-errors.ts"

export type PlacementField = "companyId" | "branchId" | "priceListId"

const text = peopleMessages.clientForm

export const placementSentences: Readonly<Record<PlacementField, string>> = {
  companyId: text.companyRequired,
  branchId: text.branchRequired,
  priceListId: text.priceListGone
}

/** A company, branch or price list the service refused, as its field's error; undefined for any other failure. */
export const placementRefusal = (failure: unknown): FieldErrors<PlacementField> | undefined => {
  const sentence = describeFailure(failure).sentence
  if (hasCode(failure, "COMPANY_NOT_FOUND")) return { companyId: sentence }
  if (hasCode(failure, "BRANCH_NOT_FOUND") || hasCode(failure, "BRANCH_COMPANY_MISMATCH")) return { branchId: sentence }
  if (hasCode(failure, "PRICE_LIST_NOT_FOUND")) return { priceListId: text.priceListGone }
  return undefined
}

/** A company and a branch not chosen yet, as their fields' errors. */
export const missingPlacement = (place: { readonly company: unknown; readonly branchId: string }): FieldErrors<PlacementField> => ({
  ...(place.company === undefined ? { companyId: placementSentences.companyId } : {}),
  ...(place.branchId === "" ? { branchId: placementSentences.branchId } : {})
})
