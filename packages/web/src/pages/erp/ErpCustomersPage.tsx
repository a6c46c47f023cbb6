/**
 * "Clientes del ERP" (admin): the ERP's customers, searched by name or NIT and paged by
 * the ERP (the search and the page in the URL: `?buscar=&nit=&pagina=`), each with
 * whether it is already a company of the service, and "Importar" / "Actualizar".
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useSearch } from "@tanstack/react-router"
import { api, call } from "../../api/client.ts"
import { erpMessages } from "../../i18n/erp-messages.ts"
import { EmptyList } from "../../ui/EmptyList.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { PagedResults } from "../../ui/PagedResults.tsx"
import { SearchBox } from "../../ui/SearchBox.tsx"
import { StatusLine, useAnnouncement } from "../../ui/StatusLine.tsx"
import { useListFilter } from "../../ui/use-list-filter.ts"
import { ErpCustomerTable } from "./ErpCustomerTable.tsx"
import { ErpSections } from "./ErpSections.tsx"
import { type ErpCustomer, erpCustomersQuery, erpKeys } from "./erp-queries.ts"

const text = erpMessages.customers

const emptyTexts = { empty: text.empty, emptyFiltered: text.noMatch, showAll: text.clear, emptyPage: text.emptyPage, firstPage: text.firstPage }

export const ErpCustomersPage = () => {
  const search = useSearch({ from: "/app/erp/clientes" })
  const page = search.pagina ?? 1
  const customers = useQuery(erpCustomersQuery(search.buscar, search.nit, page))
  const filter = useListFilter()
  const queryClient = useQueryClient()
  const [announcement, announce] = useAnnouncement()

  const importOne = useMutation({
    mutationFn: (customer: ErpCustomer) =>
      call(api.POST("/api/integrations/erp/customers/import/{erpId}", { params: { path: { erpId: customer.erpId } } })),
    onSuccess: (result) => {
      announce(result.isNew ? text.imported(result.name) : text.updated(result.name))
      void queryClient.invalidateQueries({ queryKey: erpKeys.customersAll })
    }
  })

  return (
    <ErpSections title={text.title} intro={text.intro}>
      <StatusLine announcement={announcement} />
      <div className="filters-row">
        <SearchBox label={text.search} placeholder={text.searchPlaceholder} clearLabel={text.clear} value={search.buscar} onSearch={(words) => filter("buscar", words)} />
        <SearchBox label={text.identification} placeholder={text.identificationPlaceholder} clearLabel={text.clear} value={search.nit} onSearch={(words) => filter("nit", words)} />
      </div>
      {customers.data !== undefined && <p className="muted">{text.count(customers.data.total)}</p>}
      {importOne.isError && <ErrorNotice error={importOne.error} />}
      <PagedResults
        query={customers}
        page={page}
        empty={<EmptyList texts={emptyTexts} page={page} isFiltered={search.buscar !== undefined || search.nit !== undefined} />}
      >
        {(items) => (
          <ErpCustomerTable
            customers={items}
            importing={importOne.isPending ? importOne.variables.erpId : undefined}
            onImport={(customer) => importOne.mutate(customer)}
          />
        )}
      </PagedResults>
    </ErpSections>
  )
}
