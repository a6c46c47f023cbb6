/**
 * "Estadísticas" (advisors and admins): the range's revenue and orders, the monthly
 * revenue as a chart (with its table), the best-selling products, the biggest clients
 * (whole business) and the latest orders. An advisor sees its own figures; an admin the
 * whole business or one advisor's. The range and the advisor live in the URL
 * (`?desde=2025-01-01&hasta=2025-06-30&asesor=<id>`).
 */
import { useQuery } from "@tanstack/react-query"
import { useNavigate, useSearch } from "@tanstack/react-router"
import { statsMessages } from "../../i18n/stats-messages.ts"
import { useUser } from "../../session/session.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { MonthlyRevenueChart } from "./MonthlyRevenueChart.tsx"
import { RecentOrders } from "./RecentOrders.tsx"
import { type Statistics, statisticsQuery } from "./stats-queries.ts"
import { isInvertedRange, type StatsSearch } from "./stats-search.ts"
import { StatsFigures } from "./StatsFigures.tsx"
import { StatsFilters } from "./StatsFilters.tsx"
import { TopClients, TopProducts } from "./TopTables.tsx"

const text = statsMessages

const Dashboard = ({ statistics }: { readonly statistics: Statistics }) => {
  const { figures } = statistics
  if (figures.ordersCount === 0 && figures.recentOrders.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-title">{text.empty.title}</p>
        <p className="muted">{text.empty.hint}</p>
      </div>
    )
  }
  return (
    <>
      <StatsFigures statistics={statistics} />
      <p className="muted small">{text.rejectedNote}</p>
      <MonthlyRevenueChart series={figures.monthlyRevenue} />
      <div className="stats-columns">
        <TopProducts items={figures.topProducts} />
        {statistics.scope === "business" && <TopClients items={statistics.figures.topClients} />}
      </div>
      <RecentOrders orders={figures.recentOrders} showErp={statistics.scope === "business"} />
    </>
  )
}

export const StatsPage = () => {
  const user = useUser()
  const isAdmin = user.role === "admin"
  const search = useSearch({ from: "/app/estadisticas" })
  const navigate = useNavigate({ from: "/estadisticas" })
  const inverted = isInvertedRange(search)
  const statistics = useQuery({ ...statisticsQuery(user.role, search), enabled: !inverted })

  const filterBy = (next: StatsSearch) => void navigate({ search: next })

  return (
    <section className="stack">
      <header className="page-header">
        <h1>{text.title}</h1>
      </header>
      <p className="muted">{isAdmin ? text.introAdmin : text.introAdvisor}</p>
      <StatsFilters search={search} isAdmin={isAdmin} onChange={filterBy} />
      {inverted ? null : statistics.isPending
        ? <Loading label={text.loading} />
        : statistics.isError
        ? <ErrorNotice error={statistics.error} onRetry={() => void statistics.refetch()} />
        : (
          <div className={statistics.isPlaceholderData ? "stack is-updating" : "stack"} aria-busy={statistics.isPlaceholderData}>
            <Dashboard statistics={statistics.data} />
          </div>
        )}
    </section>
  )
}
