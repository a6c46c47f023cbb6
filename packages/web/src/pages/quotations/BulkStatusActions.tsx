/**
 * An admin's "Aprobar seleccionadas" / "Rechazar seleccionadas" over the quotations
 * checked on the list's page: confirmed first (naming them), then changed one by one
 * (bulk-status.ts) with the progress in the dialog, and each outcome reported under the
 * bar — the codes changed and, for any the service refused, its reason in Spanish. What
 * changed is refreshed from the service's answers.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { type ReactNode, useState } from "react"
import { Button } from "react-aria-components"
import { describeFailure } from "../../api/failure.ts"
import { quotationMessages } from "../../i18n/quotations-messages.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { type BulkOutcome, type BulkTarget, changeStatuses } from "./bulk-status.ts"
import { quotationKeys } from "./quotation-queries.ts"
import { statusLabel } from "./QuotationStatusBadge.tsx"

const text = quotationMessages.bulk
const selectionText = quotationMessages.selection

type Decision = "approved" | "rejected"

interface Report {
  readonly decision: Decision
  readonly outcomes: ReadonlyArray<BulkOutcome>
}

const summaryOf = ({ decision, outcomes }: Report) => {
  const ok = outcomes.filter((outcome) => outcome.ok).length
  return decision === "approved" ? text.approvedSummary(ok, outcomes.length) : text.rejectedSummary(ok, outcomes.length)
}

const lineOf = (outcome: BulkOutcome) =>
  outcome.ok
    ? text.lineDone(outcome.code, statusLabel(outcome.quotation.status))
    : text.lineFailed(outcome.code, describeFailure(outcome.error).sentence)

const BulkReport = ({ report, onDismiss }: { readonly report: Report | undefined; readonly onDismiss: () => void }) => (
  <div role="status" className={report === undefined ? "status-line" : "bulk-report stack"}>
    {report !== undefined && (
      <div className={report.outcomes.every((outcome) => outcome.ok) ? "notice notice-success" : "notice notice-warning"}>
        <p className="empty-title">{summaryOf(report)}</p>
        <ul className="bulk-lines">
          {report.outcomes.map((outcome) => (
            <li key={outcome.code} className={outcome.ok ? undefined : "field-error"}>{lineOf(outcome)}</li>
          ))}
        </ul>
        <Button className="button secondary small" onPress={onDismiss}>{text.dismiss}</Button>
      </div>
    )}
  </div>
)

export const BulkStatusActions = ({ selected, isAvailable, onClear, selectAll }: {
  /** The checked quotations, in the page's order. */
  readonly selected: ReadonlyArray<BulkTarget>
  /** The page's "select every pending one" control, shown in the bar. */
  readonly selectAll: ReactNode
  /** Whether the page shows any quotation to decide (else only the last report shows). */
  readonly isAvailable: boolean
  readonly onClear: () => void
}) => {
  const queryClient = useQueryClient()
  const [asked, setAsked] = useState<Decision | undefined>(undefined)
  const [done, setDone] = useState(0)
  const [report, setReport] = useState<Report | undefined>(undefined)
  const run = useMutation({
    mutationFn: (decision: Decision) => {
      setDone(0)
      return changeStatuses(selected, decision, setDone)
    },
    onSuccess: (outcomes, decision) => {
      for (const outcome of outcomes) {
        if (outcome.ok) queryClient.setQueryData(quotationKeys.detail(outcome.quotation.id), outcome.quotation)
      }
      void queryClient.invalidateQueries({ queryKey: quotationKeys.lists })
      setReport({ decision, outcomes })
      setAsked(undefined)
      onClear()
    }
  })

  const codes = selected.map((target) => target.code).join(", ")
  const count = selected.length
  return (
    <>
      {isAvailable && (
        <div className="bulk-bar" role="group" aria-label={selectionText.column}>
          <div className="stack bulk-selection">
            {selectAll}
            <p className="bulk-count">{count === 0 ? selectionText.hint : selectionText.selected(count)}</p>
          </div>
          <div className="row">
            <Button className="button primary" isDisabled={count === 0} onPress={() => setAsked("approved")}>{text.approve}</Button>
            <Button className="button danger" isDisabled={count === 0} onPress={() => setAsked("rejected")}>{text.reject}</Button>
            {count > 0 && <Button className="button secondary" onPress={onClear}>{selectionText.clear}</Button>}
          </div>
        </div>
      )}
      <ConfirmDialog
        title={asked === "rejected" ? text.rejectTitle : text.approveTitle}
        body={asked === "rejected" ? text.rejectBody(codes, count) : text.approveBody(codes, count)}
        confirmLabel={asked === "rejected" ? text.rejectConfirm : text.approveConfirm}
        pendingLabel={text.working(done, count)}
        tone={asked === "rejected" ? "danger" : "primary"}
        isOpen={asked !== undefined}
        isPending={run.isPending}
        error={run.error}
        onConfirm={() => asked !== undefined && run.mutate(asked)}
        onCancel={() => setAsked(undefined)}
      />
      <BulkReport report={report} onDismiss={() => setReport(undefined)} />
    </>
  )
}
