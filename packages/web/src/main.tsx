/** The console's entry: the query cache, the session and the router. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { RouterProvider } from "@tanstack/react-router"
import { StrictMode, useEffect } from "react"
import { createRoot } from "react-dom/client"
import { I18nProvider } from "react-aria-components"
import { ApiFailure } from "./api/failure.ts"
import { router } from "./router.tsx"
import { SessionProvider, useSession } from "./session/session.tsx"
import { Loading } from "./ui/Loading.tsx"
import "./styles.css"

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (4xx) will not change by asking again; a network or server failure may.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiFailure && error.status < 500),
      staleTime: 15_000,
      refetchOnWindowFocus: true
    }
  }
})

/** Nothing of one user stays cached for the next. */
const forgetCachedData = () => queryClient.clear()

/** The router, once the session is known (restored from its cookie, or none). */
const Console = () => {
  const { state } = useSession()
  // A login or a logout re-runs the routes' guards.
  useEffect(() => {
    if (state.status !== "restoring") void router.invalidate()
  }, [state])
  if (state.status === "restoring") return <main id="contenido" className="page"><Loading /></main>
  return <RouterProvider router={router} context={{ session: state }} />
}

const root = document.getElementById("root")
if (root === null) throw new Error("#root is missing from index.html")

createRoot(root).render(
  <StrictMode>
    {/* React Aria's own words (e.g. a number field's "Aumentar", "Reducir") in Spanish. */}
    <I18nProvider locale="es-CO">
    <QueryClientProvider client={queryClient}>
      <SessionProvider onSignedOut={forgetCachedData}>
        <Console />
      </SessionProvider>
    </QueryClientProvider>
    </I18nProvider>
  </StrictMode>
)
