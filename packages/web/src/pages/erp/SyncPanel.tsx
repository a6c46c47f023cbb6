/**
 * "Sincronización de productos": "Sincronizar ahora" (full or only the changes) waits for
 * the run (`POST …/sync/products`); meanwhile — and whenever a run is in progress, started
 * here, by the daily schedule or elsewhere — the run's progress is read every second from
 * `GET …/sync/status`. The outcome is announced and the history read again.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { Button } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import type { components } from "../../api/schema"
import { formatDateTime } from "../../format.ts"
import { erpMessages } from "../../i18n/erp-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import type { Announce } from "../../ui/StatusLine.tsx"
import { erpKeys, type ErpSyncRun, syncStatusQuery } from "./erp-queries.ts"

const text = erpMessages.sync

type SyncMode = "full" | "incremental"
type RunSummary = components["schemas"]["ErpSyncRunSummary"]

const modeOptions = (["full", "incremental"] as const).map((mode) => ({ id: mode, label: text.modes[mode] }))

const summaryOf = (run: RunSummary): { readonly text: string; readonly ok: boolean } =>
  run.status === "success"
    ? { text: text.finished.success(run.processed, erpMessages.duration(run.durationMs)), ok: true }
    : run.status === "partial"
    ? { text: text.finished.partial(run.processed), ok: true }
    : { text: text.finished.error(run.message), ok: false }

const Progress = ({ run }: { readonly run: ErpSyncRun | null }) => (
  <div className="notice sync-progress">
    <p><strong>{text.running}</strong></p>
    {run === null || run.status !== "running"
      ? <p>{text.waiting}</p>
      : (
        <>
          <p>{text.progress(run.items_processed, run.items_created, run.items_updated)}</p>
          <p className="muted small">{text.startedAt(formatDateTime(run.started_at))}</p>
        </>
      )}
    <div className="progress-bar" aria-hidden="true"><span /></div>
  </div>
)

export const SyncPanel = ({ announce }: { readonly announce: Announce }) => {
  const queryClient = useQueryClient()
  const [mode, setMode] = useState<SyncMode>("full")
  const sync = useMutation({
    mutationFn: (chosen: SyncMode) => call(api.POST("/api/integrations/erp/sync/products", { body: { mode: chosen } })),
    onSuccess: (run) => {
      const summary = summaryOf(run)
      announce(summary.text, summary.ok ? "success" : "error")
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: erpKeys.all })
  })
  const status = useQuery(syncStatusQuery(sync.isPending))
  const running = sync.isPending || status.data?.running === true

  return (
    <section className="card stack" aria-labelledby="erp-sync-title">
      <h2 id="erp-sync-title">{text.title}</h2>
      <p className="muted">{text.intro}</p>
      {status.data !== undefined && (
        <p className="small">
          {status.data.lastFullSyncAt !== null
            ? text.lastFull(formatDateTime(status.data.lastFullSyncAt))
            : status.data.lastSuccessfulSyncAt !== null
            ? text.lastAny(formatDateTime(status.data.lastSuccessfulSyncAt))
            : text.never}
        </p>
      )}
      <div className="row sync-controls">
        <NativeSelect label={text.mode} options={modeOptions} value={mode} onChange={(chosen) => setMode(chosen === "incremental" ? "incremental" : "full")} />
        <Button className="button primary" onPress={() => sync.mutate(mode)} isDisabled={running}>
          {running ? text.starting : text.start}
        </Button>
      </div>
      <div role="status">{running && <Progress run={status.data?.last ?? null} />}</div>
      {sync.isError && <ErrorNotice error={sync.error} />}
      {status.isError && <ErrorNotice error={status.error} onRetry={() => void status.refetch()} />}
    </section>
  )
}
