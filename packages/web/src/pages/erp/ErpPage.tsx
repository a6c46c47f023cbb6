/**
 * "ERP" (admin), its first section: the connection to Siigo (settings with a write-only
 * access key, "Probar conexión"), the product sync with its live progress, and the sync
 * runs' history. The other sections (customers, quotations) are pages of their own.
 */
import { useQuery } from "@tanstack/react-query"
import { erpMessages } from "../../i18n/erp-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { StatusLine, useAnnouncement } from "../../ui/StatusLine.tsx"
import { ConnectionTest } from "./ConnectionTest.tsx"
import { ErpSections } from "./ErpSections.tsx"
import { ErpSettingsForm } from "./ErpSettingsForm.tsx"
import { settingsQuery } from "./erp-queries.ts"
import { SyncLogs } from "./SyncLogs.tsx"
import { SyncPanel } from "./SyncPanel.tsx"

export const ErpPage = () => {
  const settings = useQuery(settingsQuery)
  const [announcement, announce] = useAnnouncement()
  return (
    <ErpSections title={erpMessages.title} intro={erpMessages.intro}>
      <StatusLine announcement={announcement} />
      <div className="card stack">
        {settings.isPending
          ? <Loading />
          : settings.isError
          ? <ErrorNotice error={settings.error} onRetry={() => void settings.refetch()} />
          : <ErpSettingsForm settings={settings.data} announce={announce} />}
        <ConnectionTest />
      </div>
      <SyncPanel announce={announce} />
      <SyncLogs />
    </ErpSections>
  )
}
