/**
 * "Catálogo" › "Promociones" (admin): every promotion (newest start first) with its
 * product, price, for whom, period and whether it applies now; "Nueva promoción",
 * "Editar" and "Eliminar" (confirmed), each change read back from the service and
 * announced. The service lists them all at once; the console shows 20 a page (`pagina`).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useSearch } from "@tanstack/react-router"
import { useCallback } from "react"
import { formatDateTime, formatMoney } from "../../format.ts"
import { catalogMessages } from "../../i18n/operations-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { ListSection } from "../../ui/ListSection.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { Pager } from "../../ui/Pager.tsx"
import { StatusLine, useAnnouncement } from "../../ui/StatusLine.tsx"
import { useManagedItems } from "../../ui/use-managed-items.ts"
import { useNow } from "../order/use-now.ts"
import { allProductsQuery, catalogKeys, type Promotion, promotionCalls, promotionsQuery } from "./catalog-queries.ts"
import { pageOf } from "./catalog-search.ts"
import { CatalogHeader } from "./CatalogTabs.tsx"
import { CatalogRowActions, ConfirmDelete } from "./CatalogRowActions.tsx"
import { PromotionFormDialog } from "./PromotionFormDialog.tsx"

const text = catalogMessages.promotions
const promotionPageSize = 20

type PromotionState = keyof typeof text.state

const stateOf = (promotion: Promotion, now: number): PromotionState =>
  !promotion.active
    ? "inactive"
    : Date.parse(promotion.startsAt) > now
    ? "scheduled"
    : promotion.endsAt !== null && Date.parse(promotion.endsAt) <= now
    ? "ended"
    : "active"

const stateBadge: Readonly<Record<PromotionState, string>> = {
  active: "badge badge-approved",
  scheduled: "badge badge-pending",
  ended: "badge badge-draft",
  inactive: "badge badge-draft"
}

export const PromotionsPage = () => {
  const search = useSearch({ from: "/app/catalogo/promociones" })
  const page = search.pagina ?? 1
  const promotions = useQuery(promotionsQuery)
  const products = useQuery(allProductsQuery)
  const queryClient = useQueryClient()
  const now = useNow(60_000)
  const [announcement, announce] = useAnnouncement()
  const changed = useCallback((said: string) => {
    announce(said)
    void queryClient.invalidateQueries({ queryKey: catalogKeys.promotions })
  }, [announce, queryClient])
  const managed = useManagedItems<Promotion>({
    deactivate: (promotion) => promotionCalls.remove(promotion.id),
    deactivated: (promotion) => text.deleted(promotion.name),
    onChanged: changed
  })
  const productName = (id: string) => products.data?.items.find((product) => product.id === id)?.name ?? text.unknownProduct

  if (promotions.isPending) return <section className="stack"><CatalogHeader /><Loading /></section>
  if (promotions.isError) {
    return (
      <section className="stack">
        <CatalogHeader />
        <ErrorNotice error={promotions.error} onRetry={() => void promotions.refetch()} />
      </section>
    )
  }
  const shown = pageOf(promotions.data, page, promotionPageSize)

  return (
    <section className="stack">
      <CatalogHeader />
      <p className="muted">{text.intro}</p>
      <StatusLine announcement={announcement} />
      <ListSection
        id="promotions-title"
        // A page past the end (a stale link) says so; the pager leads back.
        texts={{ title: text.title, add: text.add, empty: promotions.data.length === 0 ? text.empty : text.emptyPage }}
        onAdd={() => managed.open({ kind: "add" })}
        columns={[text.columns.name, text.columns.product, text.columns.price, text.columns.kind, text.columns.period, text.columns.state]}
        rows={shown.items.map((promotion) => {
          const state = stateOf(promotion, now)
          return (
            <tr key={promotion.id}>
              <th scope="row" className="card-title break-anywhere">{promotion.name}</th>
              <td data-label={text.columns.product} className="break-anywhere">{productName(promotion.productId)}</td>
              <td data-label={text.columns.price} className="number">{formatMoney(promotion.price)}</td>
              <td data-label={text.columns.kind}>
                {promotion.kind === "general" ? text.kinds.general : `${text.kinds.specific}: ${text.clientCount(promotion.clientIds.length)}`}
              </td>
              <td data-label={text.columns.period}>
                {text.period(formatDateTime(promotion.startsAt), promotion.endsAt === null ? undefined : formatDateTime(promotion.endsAt))}
              </td>
              <td data-label={text.columns.state}><span className={stateBadge[state]}>{text.state[state]}</span></td>
              <CatalogRowActions item={promotion} name={promotion.name} texts={text} managed={managed} />
            </tr>
          )
        })}
      >
        <Pager page={page} totalPages={shown.totalPages} />
        <PromotionFormDialog
          isOpen={managed.formOpen}
          promotion={managed.editing}
          products={products.data?.items ?? []}
          onCancel={managed.close}
          onSaved={managed.saved}
        />
        <ConfirmDelete managed={managed} title={text.confirmTitle} body={(promotion) => text.confirmBody(promotion.name)} />
      </ListSection>
    </section>
  )
}
