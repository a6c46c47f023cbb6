/** The range's headline figures: revenue (rejected quotations left out) and orders (all of them); for the whole business also the ERP counts and the active totals. */
import { formatMoney } from "../../format.ts"
import { statsMessages } from "../../i18n/stats-messages.ts"
import type { Statistics } from "./stats-queries.ts"

const text = statsMessages.figures

const Figure = ({ label, value }: { readonly label: string; readonly value: string }) => (
  <div className="stats-figure">
    <dt>{label}</dt>
    <dd>{value}</dd>
  </div>
)

export const StatsFigures = ({ statistics }: { readonly statistics: Statistics }) => {
  const { totalRevenue, ordersCount } = statistics.figures
  return (
    <dl className="stats-figures" aria-label={text.label}>
      <Figure label={text.revenue} value={formatMoney(totalRevenue)} />
      <Figure label={text.orders} value={String(ordersCount)} />
      {statistics.scope === "business" && (
        <>
          <Figure label={text.syncedErp} value={String(statistics.figures.syncedErpCount)} />
          <Figure label={text.pendingErp} value={String(statistics.figures.pendingErpCount)} />
          <Figure label={text.activeClients} value={String(statistics.figures.totalActiveClients)} />
          <Figure label={text.activeProducts} value={String(statistics.figures.totalActiveProducts)} />
          <Figure label={text.activeUsers} value={String(statistics.figures.totalActiveUsers)} />
        </>
      )}
    </dl>
  )
}
