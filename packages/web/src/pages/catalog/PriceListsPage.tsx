/**
 * "Catálogo" › "Listas de precios" (admin): every list (the general one first), whether it
 * is active and how many products it prices; "Nueva lista", "Editar" and "Eliminar"
 * (confirmed). Each change is read back from the service and announced. The service
 * lists them all at once (a distributor has a handful).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useCallback } from "react"
import { catalogMessages } from "../../i18n/operations-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { ListSection } from "../../ui/ListSection.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { StatusLine, useAnnouncement } from "../../ui/StatusLine.tsx"
import { useManagedItems } from "../../ui/use-managed-items.ts"
import { allProductsQuery, catalogKeys, type PriceList, priceListCalls, priceListsQuery } from "./catalog-queries.ts"
import { CatalogHeader } from "./CatalogTabs.tsx"
import { CatalogRowActions, ConfirmDelete } from "./CatalogRowActions.tsx"
import { PriceListFormDialog } from "./PriceListFormDialog.tsx"

const text = catalogMessages.priceLists

export const PriceListsPage = () => {
  const lists = useQuery(priceListsQuery)
  const products = useQuery(allProductsQuery)
  const queryClient = useQueryClient()
  const [announcement, announce] = useAnnouncement()
  const changed = useCallback((said: string) => {
    announce(said)
    void queryClient.invalidateQueries({ queryKey: catalogKeys.priceLists })
  }, [announce, queryClient])
  const managed = useManagedItems<PriceList>({
    deactivate: (list) => priceListCalls.remove(list.id),
    deactivated: (list) => text.deleted(list.name),
    onChanged: changed
  })

  return (
    <section className="stack">
      <CatalogHeader />
      <p className="muted">{text.intro}</p>
      <StatusLine announcement={announcement} />
      {lists.isPending
        ? <Loading />
        : lists.isError
        ? <ErrorNotice error={lists.error} onRetry={() => void lists.refetch()} />
        : (
          <ListSection
            id="price-lists-title"
            texts={{ title: text.title, add: text.add, empty: text.empty }}
            onAdd={() => managed.open({ kind: "add" })}
            columns={[text.columns.name, text.columns.state, text.columns.items]}
            rows={lists.data.map((list) => (
              <tr key={list.id}>
                <th scope="row" className="card-title break-anywhere">
                  {list.name}
                  {list.isDefault && <span className="tag">{text.general}</span>}
                </th>
                <td data-label={text.columns.state}>{list.active ? text.active : text.inactive}</td>
                <td data-label={text.columns.items}>{text.itemCount(list.items.length)}</td>
                <CatalogRowActions item={list} name={list.name} texts={text} managed={managed} />
              </tr>
            ))}
          >
            <PriceListFormDialog
              isOpen={managed.formOpen}
              list={managed.editing}
              products={products.data?.items ?? []}
              onCancel={managed.close}
              onSaved={managed.saved}
            />
            <ConfirmDelete managed={managed} title={text.confirmTitle} body={(list) => text.confirmBody(list.name)} />
          </ListSection>
        )}
    </section>
  )
}
