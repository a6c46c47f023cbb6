/**
 * "Historial de sincronizaciones": the product sync runs, newest first, with what started
 * each, its result and counts and, when it failed or stopped short, why. How many are
 * listed lives in the URL (`?registros=40`; the API does not page, 200 at most).
 */
import { useQuery } from "@tanstack/react-query"
import { Link, useSearch } from "@tanstack/react-router"
import { formatDateTime } from "../../format.ts"
import { erpMessages } from "../../i18n/erp-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { StackingTable } from "../../ui/StackingTable.tsx"
import { RunStatusBadge } from "./RunStatusBadge.tsx"
import { syncLogsQuery } from "./erp-queries.ts"
import { defaultLogLimit, maxLogLimit } from "./erp-search.ts"

const text = erpMessages.logs

export const SyncLogs = () => {
  const search = useSearch({ from: "/app/erp" })
  const limit = search.registros ?? defaultLogLimit
  const logs = useQuery(syncLogsQuery(limit))
  const items = logs.data?.items ?? []
  return (
    <section className="card stack" aria-labelledby="erp-logs-title">
      <h2 id="erp-logs-title">{text.title}</h2>
      {logs.isPending
        ? <Loading />
        : logs.isError
        ? <ErrorNotice error={logs.error} onRetry={() => void logs.refetch()} />
        : items.length === 0
        ? <p className="muted">{text.empty}</p>
        : (
          <>
            <StackingTable columns={[text.startedAt, text.status, text.trigger, text.mode, text.counts, text.duration, text.detail]}>
                {items.map((run) => (
                  <tr key={run.id}>
                    <th scope="row" className="card-title">{formatDateTime(run.started_at)}</th>
                    <td data-label={text.status}><RunStatusBadge status={run.status} /></td>
                    <td data-label={text.trigger}>
                      {text.triggers[run.trigger_source]}
                      {run.triggered_by_name !== null && ` ${text.by(run.triggered_by_name)}`}
                    </td>
                    <td data-label={text.mode}>{erpMessages.sync.modeNames[run.mode]}</td>
                    <td data-label={text.counts}>
                      {text.countsText(run.items_processed, run.items_created, run.items_updated, run.items_deactivated, run.errors)}
                    </td>
                    <td data-label={text.duration}>{run.duration_ms === null ? text.noDetail : erpMessages.duration(run.duration_ms)}</td>
                    <td data-label={text.detail} className="break-anywhere">{run.error_message ?? run.message ?? text.noDetail}</td>
                  </tr>
                ))}
            </StackingTable>
            {items.length >= limit && limit < maxLogLimit && (
              <div className="row">
                <span className="muted small">{text.showing(items.length)}</span>
                <Link to="." search={{ registros: Math.min(limit + defaultLogLimit, maxLogLimit) }} className="button secondary">{text.more}</Link>
              </div>
            )}
          </>
        )}
    </section>
  )
}
