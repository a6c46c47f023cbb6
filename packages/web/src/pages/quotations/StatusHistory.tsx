/**
 * A quotation's status history as a timeline, oldest first as the service sends it: the
 * creation, then each change with the status it left, when, and who made it (nobody
 * named for the chatbot, the service itself or a deleted user).
 */
import type { components } from "../../api/schema"
import { formatDateTime } from "../../format.ts"
import { quotationMessages } from "../../i18n/quotations-messages.ts"
import { QuotationStatusBadge, statusLabel } from "./QuotationStatusBadge.tsx"

type StatusChange = components["schemas"]["QuotationStatusChange"]

const text = quotationMessages.quotation

export const StatusHistory = ({ history }: { readonly history: ReadonlyArray<StatusChange> }) =>
  history.length === 0
    ? <p className="muted">{text.historyEmpty}</p>
    : (
      <ol className="timeline">
        {history.map((change, index) => (
          <li key={`${change.changedAt}-${index}`} className="timeline-entry">
            <div className="row">
              <QuotationStatusBadge status={change.status} />
              <span className="muted">
                {change.previousStatus === null ? text.historyCreated : text.historyFrom(statusLabel(change.previousStatus))}
              </span>
            </div>
            <p className="muted small break-anywhere">
              <time dateTime={change.changedAt}>{formatDateTime(change.changedAt)}</time>{" "}
              {change.changedBy === null ? text.historyBySystem : text.historyBy(change.changedBy.name)}
            </p>
          </li>
        ))}
      </ol>
    )
