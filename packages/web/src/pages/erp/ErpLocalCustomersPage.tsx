/**
 * "Clientes locales" (admin): the service's companies with their state in the ERP (only
 * local, pending, synced, with an error — the filter in the URL, `?estado=error`), and
 * "Exportar al ERP" (confirmed: it creates or changes the customer in the ERP).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate, useSearch } from "@tanstack/react-router"
import { useState } from "react"
import { api, call } from "../../api/client.ts"
import { erpMessages } from "../../i18n/erp-messages.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { StatusLine, useAnnouncement } from "../../ui/StatusLine.tsx"
import { ErpSections } from "./ErpSections.tsx"
import { LocalCustomerTable } from "./LocalCustomerTable.tsx"
import { erpKeys, type ErpLocalCustomer, localCustomersQuery } from "./erp-queries.ts"
import { defaultLocalLimit, localSyncStatuses, maxLocalLimit } from "./erp-search.ts"

const text = erpMessages.local

const allStatuses = "all"
const statusOptions = [
  { id: allStatuses, label: text.all },
  ...localSyncStatuses.map((status) => ({ id: status, label: erpMessages.syncStatus[status] }))
]

export const ErpLocalCustomersPage = () => {
  const search = useSearch({ from: "/app/erp/clientes-locales" })
  const navigate = useNavigate({ from: "/erp/clientes-locales" })
  const limit = search.limite ?? defaultLocalLimit
  const companies = useQuery(localCustomersQuery(search.estado, limit))
  const queryClient = useQueryClient()
  const [announcement, announce] = useAnnouncement()
  const [confirming, setConfirming] = useState<ErpLocalCustomer | undefined>(undefined)

  const exportOne = useMutation({
    mutationFn: (company: ErpLocalCustomer) =>
      call(api.POST("/api/integrations/erp/customers/{companyId}/export", { params: { path: { companyId: company.id } } })),
    onSuccess: (result) => {
      setConfirming(undefined)
      announce(text.exported(result.name, result.erpCustomerId))
      void queryClient.invalidateQueries({ queryKey: erpKeys.customersAll })
    }
  })

  const items = companies.data?.items ?? []
  return (
    <ErpSections title={text.title} intro={text.intro}>
      <StatusLine announcement={announcement} />
      <NativeSelect
        label={text.filter}
        className="filter"
        options={statusOptions}
        value={search.estado ?? allStatuses}
        onChange={(status) => {
          const estado = localSyncStatuses.find((candidate) => candidate === status)
          void navigate({ search: estado === undefined ? {} : { estado } })
        }}
      />
      {companies.isPending
        ? <Loading />
        : companies.isError
        ? <ErrorNotice error={companies.error} onRetry={() => void companies.refetch()} />
        : items.length === 0
        ? (
          <div className="empty-state">
            <p className="empty-title">{search.estado === undefined ? text.empty : text.emptyFiltered}</p>
            {search.estado !== undefined && <Link to="." search={{}}>{text.showAll}</Link>}
          </div>
        )
        : (
          <div className={companies.isPlaceholderData ? "stack is-updating" : "stack"} aria-busy={companies.isPlaceholderData}>
            <p className="muted">{text.count(items.length)}</p>
            <LocalCustomerTable companies={items} onExport={(company) => {
              exportOne.reset()
              setConfirming(company)
            }} />
            {items.length >= limit && limit < maxLocalLimit && (
              <div className="row">
                <span className="muted small">{text.showing(items.length)}</span>
                <Link to="." search={(previous) => ({ ...previous, limite: Math.min(limit + defaultLocalLimit, maxLocalLimit) })} className="button secondary">
                  {text.more}
                </Link>
              </div>
            )}
          </div>
        )}
      <ConfirmDialog
        isOpen={confirming !== undefined}
        title={text.confirmTitle}
        body={confirming === undefined ? "" : confirming.erpCustomerId === null ? text.confirmNew(confirming.name) : text.confirmUpdate(confirming.name)}
        confirmLabel={text.export}
        tone="primary"
        pendingLabel={text.exporting}
        isPending={exportOne.isPending}
        error={exportOne.error}
        onConfirm={() => confirming !== undefined && exportOne.mutate(confirming)}
        onCancel={() => setConfirming(undefined)}
      />
    </ErpSections>
  )
}
