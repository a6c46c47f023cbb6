/**
 * The keys as a table (one card per key on a phone): name, the prefix that tells them
 * apart, scopes, state, last use, requests per minute and expiry, and the actions the key's state allows
 * ("Editar", "Rotar", "Revocar", each named after the key).
 */
import { Button } from "react-aria-components"
import { formatDateTime } from "../../format.ts"
import { apiKeysMessages } from "../../i18n/api-keys-messages.ts"
import type { ApiKey } from "./api-key-queries.ts"
import { actionsFor, type ApiKeyState, apiKeyStateAt } from "./api-key-state.ts"

const text = apiKeysMessages
const columns = text.columns
const count = new Intl.NumberFormat("es-CO")

export type KeyAction = "edit" | "rotate" | "revoke"

const StateCell = ({ apiKey, state }: { readonly apiKey: ApiKey; readonly state: ApiKeyState }) => (
  <td data-label={columns.state}>
    <span className={`badge key-state-${state}`}>{text.state[state]}</span>
    {state === "replaced" && apiKey.expiresAt !== null && (
      <span className="muted small key-state-note">{text.replacedUntil(formatDateTime(apiKey.expiresAt))}</span>
    )}
    {state === "revoked" && apiKey.revokedAt !== null && (
      <span className="muted small key-state-note">{text.revokedOn(formatDateTime(apiKey.revokedAt))}</span>
    )}
  </td>
)

const ActionsCell = ({ apiKey, state, onAction }: {
  readonly apiKey: ApiKey
  readonly state: ApiKeyState
  readonly onAction: (action: KeyAction, apiKey: ApiKey) => void
}) => {
  const allowed = actionsFor(state)
  const labels = text.actions
  return (
    <td className="actions-cell">
      <div className="row-actions">
        {allowed.edit && (
          <Button className="button secondary small" aria-label={labels.editLabel(apiKey.name)} onPress={() => onAction("edit", apiKey)}>
            {labels.edit}
          </Button>
        )}
        {allowed.rotate && (
          <Button className="button secondary small" aria-label={labels.rotateLabel(apiKey.name)} onPress={() => onAction("rotate", apiKey)}>
            {labels.rotate}
          </Button>
        )}
        {allowed.revoke && (
          <Button className="button danger small" aria-label={labels.revokeLabel(apiKey.name)} onPress={() => onAction("revoke", apiKey)}>
            {labels.revoke}
          </Button>
        )}
      </div>
    </td>
  )
}

export const ApiKeyTable = ({ keys, now, onAction }: {
  readonly keys: ReadonlyArray<ApiKey>
  readonly now: number
  readonly onAction: (action: KeyAction, apiKey: ApiKey) => void
}) => (
  <table className="stacking-table api-key-table">
    <thead>
      <tr>
        <th scope="col">{columns.name}</th>
        <th scope="col">{columns.prefix}</th>
        <th scope="col">{columns.scopes}</th>
        <th scope="col">{columns.state}</th>
        <th scope="col">{columns.lastUsed}</th>
        <th scope="col" className="number">{columns.rateLimit}</th>
        <th scope="col">{columns.expires}</th>
        <th scope="col"><span className="visually-hidden">{columns.actions}</span></th>
      </tr>
    </thead>
    <tbody>
      {keys.map((apiKey) => {
        const state = apiKeyStateAt(apiKey, now)
        return (
          <tr key={apiKey.id} className={state === "active" ? undefined : "is-inactive"}>
            <th scope="row" className="card-title break-anywhere">{apiKey.name}</th>
            <td data-label={columns.prefix}><code>{apiKey.keyPrefix}…</code></td>
            <td data-label={columns.scopes}>
              <ul className="scope-list">
                {apiKey.scopes.map((scope) => <li key={scope}><code>{scope}</code></li>)}
              </ul>
            </td>
            <StateCell apiKey={apiKey} state={state} />
            <td data-label={columns.lastUsed}>{apiKey.lastUsedAt === null ? text.neverUsed : formatDateTime(apiKey.lastUsedAt)}</td>
            <td data-label={columns.rateLimit} className="number">
              {apiKey.rateLimitPerMinute === null ? text.defaultRateLimit : text.perMinute(count.format(apiKey.rateLimitPerMinute))}
            </td>
            <td data-label={columns.expires}>{apiKey.expiresAt === null ? text.neverExpires : formatDateTime(apiKey.expiresAt)}</td>
            <ActionsCell apiKey={apiKey} state={state} onAction={onAction} />
          </tr>
        )
      })}
    </tbody>
  </table>
)
