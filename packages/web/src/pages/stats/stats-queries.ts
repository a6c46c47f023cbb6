/**
 * The statistics' server state (TanStack Query). An advisor's figures are its own
 * (`GET /api/stats/advisor`); an admin sees the whole business (`GET /api/stats/admin`,
 * which adds top clients and the ERP counts) or, with an advisor picked, that advisor's
 * (`GET /api/stats/advisor?advisorId=`).
 */
import { keepPreviousData, queryOptions } from "@tanstack/react-query"
import { api, call } from "../../api/client.ts"
import type { components } from "../../api/schema"
import type { Role } from "../../session/session.tsx"
import type { StatsSearch } from "./stats-search.ts"

export type AdminStatistics = components["schemas"]["AdminStatistics"]
export type AdvisorStatistics = components["schemas"]["AdvisorStatistics"]

/** What the page shows: the business's figures (admin, no advisor picked) or one advisor's. */
export type Statistics =
  | { readonly scope: "business"; readonly figures: AdminStatistics }
  | { readonly scope: "advisor"; readonly figures: AdvisorStatistics }

export const statsKeys = {
  all: ["stats"] as const,
  figures: (role: Role, search: StatsSearch) => ["stats", "figures", role, search] as const
}

const dateRange = (search: StatsSearch) => ({
  ...(search.desde === undefined ? {} : { dateFrom: search.desde }),
  ...(search.hasta === undefined ? {} : { dateTo: search.hasta })
})

const fetchStatistics = async (role: Role, search: StatsSearch): Promise<Statistics> => {
  if (role === "admin" && search.asesor === undefined) {
    const figures = await call(api.GET("/api/stats/admin", { params: { query: dateRange(search) } }))
    return { scope: "business", figures }
  }
  const advisor = role === "admin" && search.asesor !== undefined ? { advisorId: search.asesor } : {}
  const figures = await call(api.GET("/api/stats/advisor", { params: { query: { ...dateRange(search), ...advisor } } }))
  return { scope: "advisor", figures }
}

export const statisticsQuery = (role: Role, search: StatsSearch) =>
  queryOptions({
    queryKey: statsKeys.figures(role, search),
    queryFn: () => fetchStatistics(role, search),
    // Keep the current figures on screen while another range loads.
    placeholderData: keepPreviousData
  })
