/**
 * The console's routes (TanStack Router, typed). Each page's code is its own chunk,
 * loaded when first visited; list state (filters, page) lives in the URL's search so a
 * list can be shared. `staticData.roles` marks pages reserved to some roles: the shell
 * shows "no disponible" to the others. The session is the router's context (main.tsx
 * renders the router once it is known and invalidates it when it changes): a signed-out
 * visitor of any page is sent to the login and brought back after it.
 */
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from "@tanstack/react-router"
import { AppShell } from "./layout/AppShell.tsx"
import { homePathOf, type Role, type SessionState } from "./session/session.tsx"
import { HomeRedirect } from "./pages/HomeRedirect.tsx"
import { NotFoundPage } from "./pages/NotFoundPage.tsx"
import { orderSearch } from "./pages/order/order-search.ts"
import { quotationListSearch } from "./pages/quotations/quotation-list-search.ts"
import { endpointSearch } from "./pages/webhooks/webhook-search.ts"
import { erpCustomersSearch, erpLocalCustomersSearch, erpQuotesSearch, erpSyncSearch } from "./pages/erp/erp-search.ts"
import { statsSearch } from "./pages/stats/stats-search.ts"
import { advisorListSearch } from "./ui/list-search.ts"
import { userListSearch } from "./pages/users/user-list-search.ts"
import { pageSearch, productSearch } from "./pages/catalog/catalog-search.ts"
import { auditSearch } from "./pages/audit/audit-search.ts"

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router
  }
  interface StaticDataRouteOption {
    /** Roles that may use the page; absent means every signed-in user. */
    readonly roles?: ReadonlyArray<Role>
  }
}

export interface RouterContext {
  readonly session: SessionState
}

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet, notFoundComponent: NotFoundPage })

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/ingresar",
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === "string" ? { redirect: search.redirect } : {},
  // Signed in (just now, or already): on to the page the visitor was sent away from, else home.
  beforeLoad: ({ context, search }) => {
    if (context.session.status !== "signedIn") return
    const back = search.redirect
    if (back !== undefined && back.startsWith("/") && !back.startsWith("//")) throw redirect({ href: back, replace: true })
    throw redirect({ to: homePathOf(context.session.session.user.role), replace: true })
  },
  component: lazyRouteComponent(() => import("./pages/LoginPage.tsx"), "LoginPage")
})

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "app",
  beforeLoad: ({ context, location }) => {
    if (context.session.status !== "signedIn") {
      throw redirect({ to: "/ingresar", search: location.href === "/" ? {} : { redirect: location.href } })
    }
  },
  component: AppShell
})

const homeRoute = createRoute({ getParentRoute: () => appRoute, path: "/", component: HomeRedirect })

const orderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/pedido",
  staticData: { roles: ["client"] },
  validateSearch: orderSearch,
  component: lazyRouteComponent(() => import("./pages/order/OrderPage.tsx"), "OrderPage")
})

const quotationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/cotizaciones",
  validateSearch: quotationListSearch,
  component: lazyRouteComponent(() => import("./pages/quotations/QuotationsPage.tsx"), "QuotationsPage")
})

const quotationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/cotizaciones/$quotationId",
  component: lazyRouteComponent(() => import("./pages/quotations/QuotationDetailPage.tsx"), "QuotationDetailPage")
})

const companyRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/empresa",
  staticData: { roles: ["client"] },
  component: lazyRouteComponent(() => import("./pages/company/MyCompanyPage.tsx"), "MyCompanyPage")
})

// The back office (advisors and admins). Each page's folder owns its search (URL state) and queries.

const clientsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/clientes",
  staticData: { roles: ["advisor", "admin"] },
  validateSearch: advisorListSearch,
  component: lazyRouteComponent(() => import("./pages/clients/ClientsPage.tsx"), "ClientsPage")
})

const clientRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/clientes/$clientId",
  staticData: { roles: ["advisor", "admin"] },
  component: lazyRouteComponent(() => import("./pages/clients/ClientPage.tsx"), "ClientPage")
})

const companiesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/empresas",
  staticData: { roles: ["advisor", "admin"] },
  validateSearch: advisorListSearch,
  component: lazyRouteComponent(() => import("./pages/companies/CompaniesPage.tsx"), "CompaniesPage")
})

const companyDetailRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/empresas/$companyId",
  staticData: { roles: ["advisor", "admin"] },
  component: lazyRouteComponent(() => import("./pages/companies/CompanyPage.tsx"), "CompanyPage")
})

const statsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/estadisticas",
  staticData: { roles: ["advisor", "admin"] },
  validateSearch: statsSearch,
  component: lazyRouteComponent(() => import("./pages/stats/StatsPage.tsx"), "StatsPage")
})

const usersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/usuarios",
  staticData: { roles: ["admin"] },
  validateSearch: userListSearch,
  component: lazyRouteComponent(() => import("./pages/users/UsersPage.tsx"), "UsersPage")
})

const routesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/rutas",
  staticData: { roles: ["admin"] },
  component: lazyRouteComponent(() => import("./pages/routes/RoutesPage.tsx"), "RoutesPage")
})

const newRouteRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/rutas/nueva",
  staticData: { roles: ["admin"] },
  component: lazyRouteComponent(() => import("./pages/routes/RouteEditorPage.tsx"), "NewRoutePage")
})

const routeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/rutas/$routeId",
  staticData: { roles: ["admin"] },
  component: lazyRouteComponent(() => import("./pages/routes/RouteEditorPage.tsx"), "RoutePage")
})

const catalogRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/catalogo",
  staticData: { roles: ["admin"] },
  validateSearch: productSearch,
  component: lazyRouteComponent(() => import("./pages/catalog/CatalogPage.tsx"), "CatalogPage")
})

const priceListsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/catalogo/listas",
  staticData: { roles: ["admin"] },
  component: lazyRouteComponent(() => import("./pages/catalog/PriceListsPage.tsx"), "PriceListsPage")
})

const promotionsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/catalogo/promociones",
  staticData: { roles: ["admin"] },
  validateSearch: pageSearch,
  component: lazyRouteComponent(() => import("./pages/catalog/PromotionsPage.tsx"), "PromotionsPage")
})

const apiKeysRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/llaves",
  staticData: { roles: ["admin"] },
  component: lazyRouteComponent(() => import("./pages/api-keys/ApiKeysPage.tsx"), "ApiKeysPage")
})

const webhooksRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/webhooks",
  staticData: { roles: ["admin"] },
  component: lazyRouteComponent(() => import("./pages/webhooks/WebhooksPage.tsx"), "WebhooksPage")
})

const webhookEndpointRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/webhooks/$endpointId",
  staticData: { roles: ["admin"] },
  validateSearch: endpointSearch,
  component: lazyRouteComponent(() => import("./pages/webhooks/EndpointPage.tsx"), "EndpointPage")
})

const erpRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/erp",
  staticData: { roles: ["admin"] },
  validateSearch: erpSyncSearch,
  component: lazyRouteComponent(() => import("./pages/erp/ErpPage.tsx"), "ErpPage")
})

const erpCustomersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/erp/clientes",
  staticData: { roles: ["admin"] },
  validateSearch: erpCustomersSearch,
  component: lazyRouteComponent(() => import("./pages/erp/ErpCustomersPage.tsx"), "ErpCustomersPage")
})

const erpLocalCustomersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/erp/clientes-locales",
  staticData: { roles: ["admin"] },
  validateSearch: erpLocalCustomersSearch,
  component: lazyRouteComponent(() => import("./pages/erp/ErpLocalCustomersPage.tsx"), "ErpLocalCustomersPage")
})

const erpQuotesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/erp/cotizaciones",
  staticData: { roles: ["admin"] },
  validateSearch: erpQuotesSearch,
  component: lazyRouteComponent(() => import("./pages/erp/ErpQuotesPage.tsx"), "ErpQuotesPage")
})

const auditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/auditoria",
  staticData: { roles: ["admin"] },
  validateSearch: auditSearch,
  component: lazyRouteComponent(() => import("./pages/audit/AuditPage.tsx"), "AuditPage")
})

const routeTree = rootRoute.addChildren([
  loginRoute,
  appRoute.addChildren([
    homeRoute,
    orderRoute,
    quotationsRoute,
    quotationRoute,
    companyRoute,
    clientsRoute,
    clientRoute,
    companiesRoute,
    companyDetailRoute,
    statsRoute,
    usersRoute,
    routesRoute,
    newRouteRoute,
    routeRoute,
    catalogRoute,
    priceListsRoute,
    promotionsRoute,
    apiKeysRoute,
    webhooksRoute,
    webhookEndpointRoute,
    erpRoute,
    erpCustomersRoute,
    erpLocalCustomersRoute,
    erpQuotesRoute,
    auditRoute
  ])
])

export const router = createRouter({
  routeTree,
  context: { session: { status: "restoring" } },
  defaultPreload: "intent",
  scrollRestoration: true
})
