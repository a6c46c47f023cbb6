/**
 * One audit entry: what happened (the action, as a heading), when, who did it, to which
 * record (with a link to every change of that record), and its values side by side —
 * "Dato / Antes / Después" (a table on wide screens, a card per datum on a phone).
 */
import { Link } from "@tanstack/react-router"
import { formatDateTime } from "../../format.ts"
import { messages } from "../../i18n/messages.ts"
import { auditMessages } from "../../i18n/operations-messages.ts"
import { StackingTable } from "../../ui/StackingTable.tsx"
import { entryChanges } from "./audit-changes.ts"
import type { Actor, AuditEntry } from "./audit-queries.ts"

const text = auditMessages

const roleName = (role: string | null): string =>
  role === "admin" || role === "advisor" || role === "client" ? messages.roles[role] : role ?? ""

const actorText = (entry: AuditEntry, actors: ReadonlyArray<Actor>): string => {
  const { type, id, role } = entry.actor
  const known = actors.find((actor) => actor.id === id)
  switch (type) {
    case "user":
      return known === undefined ? `${text.actor.unknownUser} ${roleName(role)}`.trim() : text.actor.user(known.name, roleName(role))
    case "api_key":
      return known === undefined ? text.actor.unknownApiKey : text.actor.apiKey(known.name)
    case "system":
      return text.actor.system
    case "cron":
      return text.actor.cron
    case "anonymous":
      return text.actor.anonymous
    case "database":
      return text.actor.database(role)
  }
}

export const AuditEntryCard = ({ entry, actors, productName }: {
  readonly entry: AuditEntry
  readonly actors: ReadonlyArray<Actor>
  readonly productName: (id: string) => string
}) => {
  const { rows, redacted } = entryChanges(entry.summary, productName)
  const headingId = `audit-${entry.id}`
  return (
    <article className="card stack audit-entry" aria-labelledby={headingId}>
      <header className="audit-entry-header">
        <h2 id={headingId}>{text.actions[entry.action] ?? entry.action}</h2>
        <p className="muted small audit-meta">
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          <span className="break-anywhere">{actorText(entry, actors)}</span>
        </p>
        <p className="small audit-record">
          {text.entityTypes[entry.entityType] ?? entry.entityType}
          {entry.entityId !== null && (
            <>
              {" "}<code className="break-anywhere">{entry.entityId}</code>{" "}
              <Link to="/auditoria" search={{ tipo: entry.entityType, registro: entry.entityId }}>{text.entityLink}</Link>
            </>
          )}
        </p>
      </header>
      {rows.length === 0
        ? <p className="muted small">{text.noChanges}</p>
        : (
          <StackingTable className="audit-changes" columns={[text.field, text.before, text.after]}>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="card-title">{row.field}</th>
                <td data-label={text.before} className="audit-before break-anywhere">{row.before ?? text.none}</td>
                <td data-label={text.after} className="audit-after break-anywhere">{row.after ?? text.none}</td>
              </tr>
            ))}
          </StackingTable>
        )}
      {redacted.length > 0 && <p className="muted small">{text.secretChanged(redacted.join(", "))}</p>}
    </article>
  )
}
