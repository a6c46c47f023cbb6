/**
 * Quotation statuses and the events their changes emit (spec "States and transitions →
 * Quotation", "Event types").
 *
 * Transitions:
 * | From      | To         | Who / how                                   |
 * |-----------|------------|---------------------------------------------|
 * | (none)    | `pending`  | creation (web or chat) → `quotation.created` |
 * | `pending` | `approved` | administrator (admin panel)                 |
 * | `pending` | `rejected` | administrator (admin panel)                 |
 * | any       | `synced`   | successful send to the ERP                  |
 *
 * The spec leaves every other transition "not shown"; we allow none of them (the
 * conservative reading): an administrator cannot reopen, un-approve or move a
 * quotation into `draft`, `sent` or `sent_to_erp`. Setting the current status again
 * is a no-op (no change, no events).
 *
 * Events of a change from → to (from ≠ to): always `quotation.status_changed`; plus
 * `quotation.approved` when to = approved, `quotation.rejected` when to = rejected.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { InvalidStatusTransition } from "./errors.ts"

export const QuotationStatus = Schema.Literals(["draft", "sent", "pending", "approved", "rejected", "synced", "sent_to_erp"])
export type QuotationStatus = typeof QuotationStatus.Type

export const QUOTATION_STATUSES: ReadonlyArray<QuotationStatus> = QuotationStatus.literals

export type QuotationEventType =
  | "quotation.created"
  | "quotation.status_changed"
  | "quotation.approved"
  | "quotation.rejected"

/** Status of a newly created quotation (web and chat). */
export const INITIAL_QUOTATION_STATUS: QuotationStatus = "pending"

/** Events of a newly created quotation. */
export const CREATION_EVENTS: ReadonlyArray<QuotationEventType> = ["quotation.created"]

/** Events a status change emits, in order (empty when nothing changes). */
export const statusChangeEvents = (from: QuotationStatus, to: QuotationStatus): ReadonlyArray<QuotationEventType> => {
  if (from === to) return []
  if (to === "approved") return ["quotation.status_changed", "quotation.approved"]
  if (to === "rejected") return ["quotation.status_changed", "quotation.rejected"]
  return ["quotation.status_changed"]
}

/** Transitions an administrator may make in the admin panel. */
export const ADMIN_TRANSITIONS: ReadonlyArray<readonly [QuotationStatus, QuotationStatus]> = [
  ["pending", "approved"],
  ["pending", "rejected"]
]

export const canAdminTransition = (from: QuotationStatus, to: QuotationStatus): boolean =>
  ADMIN_TRANSITIONS.some(([f, t]) => f === from && t === to)

export interface StatusChange {
  readonly status: QuotationStatus
  readonly previousStatus: QuotationStatus
  /** Whether anything changes (false for a no-op). */
  readonly changed: boolean
  readonly events: ReadonlyArray<QuotationEventType>
}

/** Plans an administrator's status change; `INVALID_STATUS_TRANSITION` when not allowed. */
export const planAdminStatusChange = (
  from: QuotationStatus,
  to: QuotationStatus
): Result.Result<StatusChange, InvalidStatusTransition> => {
  if (from === to) return Result.succeed({ status: to, previousStatus: from, changed: false, events: [] })
  if (!canAdminTransition(from, to)) {
    return Result.fail(
      new InvalidStatusTransition({
        message: `A quotation in status ${from} cannot be changed to ${to}`,
        details: { from, to, allowed: ADMIN_TRANSITIONS.filter(([f]) => f === from).map(([, t]) => t) }
      })
    )
  }
  return Result.succeed({ status: to, previousStatus: from, changed: true, events: statusChangeEvents(from, to) })
}

/** Status change after a successful send to the ERP: from whatever status → `synced`. */
export const planErpSynced = (from: QuotationStatus): StatusChange => ({
  status: "synced",
  previousStatus: from,
  changed: from !== "synced",
  events: statusChangeEvents(from, "synced")
})

/** Whether a quotation counts in statistics totals (spec: `rejected` ones do not). */
export const countsInTotals = (status: QuotationStatus): boolean => status !== "rejected"
