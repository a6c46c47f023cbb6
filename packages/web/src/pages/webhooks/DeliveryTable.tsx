/** The deliveries' table (one card each on a phone), each row with its "Reintentar". */
import { Button } from "react-aria-components"
import { formatDateTime } from "../../format.ts"
import { webhookMessages } from "../../i18n/webhooks-messages.ts"
import { StackingTable } from "../../ui/StackingTable.tsx"
import type { WebhookDelivery } from "./webhook-queries.ts"

const text = webhookMessages.deliveries

const statusBadge: Readonly<Record<WebhookDelivery["status"], string>> = {
  pending: "badge badge-pending",
  delivered: "badge badge-approved",
  failed: "badge badge-rejected"
}

const lastAnswer = (delivery: WebhookDelivery): string =>
  delivery.lastStatusCode !== null
    ? String(delivery.lastStatusCode)
    : delivery.lastError ?? (delivery.attempts === 0 ? text.notTried : text.noAnswer)

const StatusCell = ({ delivery }: { readonly delivery: WebhookDelivery }) => (
  <td data-label={text.status}>
    <span className="cell-stack">
      <span className={statusBadge[delivery.status]}>{webhookMessages.deliveryStatus[delivery.status]}</span>
      {delivery.deliveredAt !== null && <span className="muted small">{text.deliveredAt(formatDateTime(delivery.deliveredAt))}</span>}
      {delivery.status === "pending" && delivery.nextAttemptAt !== null && (
        <span className="muted small">{text.nextAttempt(formatDateTime(delivery.nextAttemptAt))}</span>
      )}
    </span>
  </td>
)

export const DeliveryTable = ({ deliveries, retrying, onRetry }: {
  readonly deliveries: ReadonlyArray<WebhookDelivery>
  /** The delivery being retried now, if any. */
  readonly retrying: string | undefined
  readonly onRetry: (delivery: WebhookDelivery) => void
}) => (
  <StackingTable
    className="deliveries"
    columns={[text.type, text.status, { label: text.attempts, numeric: true }, text.lastAnswer, text.createdAt, text.lastAttempt]}
    actionsLabel={webhookMessages.endpoint.actions}
  >
      {deliveries.map((delivery) => (
        <tr key={delivery.id}>
          <th scope="row" className="card-title">
            {webhookMessages.eventNames[delivery.type]} <code className="small">{delivery.type}</code>
          </th>
          <StatusCell delivery={delivery} />
          <td data-label={text.attempts} className="number">{delivery.attempts}</td>
          <td data-label={text.lastAnswer} className="break-anywhere">{lastAnswer(delivery)}</td>
          <td data-label={text.createdAt}>{formatDateTime(delivery.createdAt)}</td>
          <td data-label={text.lastAttempt}>{delivery.lastAttemptAt === null ? text.notTried : formatDateTime(delivery.lastAttemptAt)}</td>
          <td className="actions-cell">
            <div className="row-actions">
              <Button
                className="button secondary small"
                aria-label={text.retryLabel(webhookMessages.eventNames[delivery.type], formatDateTime(delivery.createdAt))}
                isDisabled={retrying !== undefined}
                onPress={() => onRetry(delivery)}
              >
                {retrying === delivery.id ? text.retrying : text.retry}
              </Button>
            </div>
          </td>
        </tr>
      ))}
  </StackingTable>
)
