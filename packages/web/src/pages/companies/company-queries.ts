/**
 * The Empresas screens' server state: the company list (paged by the service), one
 * company with its branches, and the choices their forms offer (routes, advisors, price
 * lists). Keys live under "companies" so a change of a company or branch invalidates
 * them together.
 */
import { keepPreviousData, queryOptions } from "@tanstack/react-query"
import { api, call } from "../../api/client.ts"
import type { components } from "../../api/schema"
import type { AdvisorListSearch } from "../../ui/list-search.ts"

export type AdvisorCompany = components["schemas"]["AdvisorCompany"]
export type AdvisorBranch = AdvisorCompany["myBranches"][number]

/** The list's page size (the service pages it: 20,000 companies do not fit a page). */
export const companyPageSize = 20

export const companyKeys = {
  all: ["companies"] as const,
  list: (search: AdvisorListSearch) => ["companies", "list", search] as const,
  detail: (id: string) => ["companies", "detail", id] as const,
  /** The few companies a picker offers for the words typed. */
  choices: (words: string) => ["companies", "choices", words] as const,
  routes: ["companies", "routes"] as const,
  priceLists: ["companies", "price-lists"] as const
}

export const companyListQuery = (search: AdvisorListSearch) =>
  queryOptions({
    queryKey: companyKeys.list(search),
    queryFn: () =>
      call(api.GET("/api/advisor/companies", {
        params: {
          query: {
            page: search.pagina ?? 1,
            limit: companyPageSize,
            ...(search.buscar === undefined ? {} : { search: search.buscar }),
            ...(search.asesor === undefined ? {} : { advisorId: search.asesor })
          }
        }
      })),
    placeholderData: keepPreviousData
  })

export const companyQuery = (id: string) =>
  queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: () => call(api.GET("/api/advisor/companies/{companyId}", { params: { path: { companyId: id } } }))
  })

/** How many companies a picker lists for the words typed. */
export const companyChoiceCount = 10

export const companyChoicesQuery = (words: string) =>
  queryOptions({
    queryKey: companyKeys.choices(words),
    queryFn: () =>
      call(api.GET("/api/advisor/companies", {
        params: { query: { page: 1, limit: companyChoiceCount, ...(words === "" ? {} : { search: words }) } }
      })),
    placeholderData: keepPreviousData
  })

/** Every route, by name (a branch's route is chosen among them). */
export const routeChoicesQuery = queryOptions({
  queryKey: companyKeys.routes,
  queryFn: () => call(api.GET("/api/routes")),
  staleTime: 60_000
})

/** The price lists a client may be given. */
export const priceListChoicesQuery = queryOptions({
  queryKey: companyKeys.priceLists,
  queryFn: () => call(api.GET("/api/price-lists")),
  staleTime: 60_000
})
