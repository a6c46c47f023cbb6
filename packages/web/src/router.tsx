/**
 * The console's routes (TanStack Router, typed). Each page's code is its own chunk,
 * loaded when first visited; list state (filters, page) lives in the URL's search so a
 * list can be shared. `staticData.roles` marks pages reserved to some roles: the shell
 * shows "no disponible" to the others.
 */
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet } from "@tanstack/react-router"
import { AppShell } from "./layout/AppShell.tsx"
import type { Role } from "./session/session.tsx"
import { HomeRedirect } from "./pages/HomeRedirect.tsx"
import { NotFoundPage } from "./pages/NotFoundPage.tsx"
import { orderSearch } from "./pages/order/order-search.ts"
import { quotationListSearch } from "./pages/quotations/quotation-list-search.ts"

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router
  }
  interface StaticDataRouteOption {
    /** Roles that may use the page; absent means every signed-in user. */
    readonly roles?: ReadonlyArray<Role>
  }
}

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFoundPage })

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/ingresar",
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === "string" ? { redirect: search.redirect } : {},
  component: lazyRouteComponent(() => import("./pages/LoginPage.tsx"), "LoginPage")
})

const appRoute = createRoute({ getParentRoute: () => rootRoute, id: "app", component: AppShell })

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

const routeTree = rootRoute.addChildren([
  loginRoute,
  appRoute.addChildren([homeRoute, orderRoute, quotationsRoute, quotationRoute, companyRoute])
])

export const router = createRouter({ routeTree, defaultPreload: "intent", scrollRestoration: true })
