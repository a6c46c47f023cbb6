/**
 * The signed-in user, for the whole console. The access token lives only in memory; the
 * refresh token is an HttpOnly cookie the service sets on `POST /api/auth/session` and
 * rotates on `POST /api/auth/session/refresh`, so no script can read it and nothing is
 * kept in localStorage (docs/security.md, "The web console's session"). A reload restores
 * the session through the cookie; the token is refreshed a minute before it expires, when
 * the page comes back into view, and when a call is answered 401.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react"
import { api, call, setTokenSource } from "../api/client.ts"
import { NetworkFailure } from "../api/failure.ts"
import type { components } from "../api/schema"

export type SessionUser = components["schemas"]["SessionUser"]
export type Role = SessionUser["role"]
type ConsoleSession = components["schemas"]["ConsoleSession"]

interface ActiveSession {
  readonly user: SessionUser
  readonly accessToken: string
  /** Epoch milliseconds. */
  readonly expiresAt: number
}

export type SessionState =
  | { readonly status: "restoring" }
  | { readonly status: "signedOut"; readonly expired: boolean }
  | { readonly status: "signedIn"; readonly session: ActiveSession }

interface SessionApi {
  readonly state: SessionState
  readonly login: (email: string, password: string) => Promise<SessionUser>
  readonly logout: () => Promise<void>
}

const SessionContext = createContext<SessionApi | undefined>(undefined)

/** Refresh this long before the access token expires. */
const refreshMarginMillis = 60_000
/** After a network failure, try again this much later. */
const retryMillis = 30_000

const activeFrom = (grant: ConsoleSession): ActiveSession => ({
  user: grant.user,
  accessToken: grant.accessToken,
  expiresAt: Date.now() + grant.expiresIn * 1000
})

export const SessionProvider = ({ children, onSignedOut }: { readonly children: ReactNode; readonly onSignedOut: () => void }) => {
  const [state, setState] = useState<SessionState>({ status: "restoring" })
  const current = useRef<ActiveSession | undefined>(undefined)
  const inFlight = useRef<Promise<boolean> | undefined>(undefined)

  const adopt = useCallback((next: ActiveSession | undefined, expired = false) => {
    current.current = next
    setState(next === undefined ? { status: "signedOut", expired } : { status: "signedIn", session: next })
    if (next === undefined) onSignedOut()
  }, [onSignedOut])

  /** One refresh at a time; resolves false once the session is over. */
  const refresh = useCallback((): Promise<boolean> => {
    inFlight.current ??= (async () => {
      try {
        const grant = await call(api.POST("/api/auth/session/refresh"))
        adopt(activeFrom(grant))
        return true
      } catch (error) {
        if (error instanceof NetworkFailure) return current.current !== undefined
        adopt(undefined, current.current !== undefined)
        return false
      } finally {
        inFlight.current = undefined
      }
    })()
    return inFlight.current
  }, [adopt])

  useEffect(() => {
    setTokenSource({ accessToken: () => current.current?.accessToken, refresh })
    void refresh()
  }, [refresh])

  // Refresh ahead of expiry, and again whenever the page is shown after a pause (timers
  // sleep with a phone's screen).
  useEffect(() => {
    if (state.status !== "signedIn") return
    const due = state.session.expiresAt - refreshMarginMillis - Date.now()
    const timer = window.setTimeout(() => {
      void refresh().then((ok) => {
        if (!ok && current.current !== undefined) window.setTimeout(() => void refresh(), retryMillis)
      })
    }, Math.max(due, 5_000))
    const onVisible = () => {
      if (document.visibilityState === "visible" && (current.current?.expiresAt ?? Infinity) - Date.now() < refreshMarginMillis) {
        void refresh()
      }
    }
    document.addEventListener("visibilitychange", onVisible)
    return () => {
      window.clearTimeout(timer)
      document.removeEventListener("visibilitychange", onVisible)
    }
  }, [state, refresh])

  const login = useCallback(async (email: string, password: string) => {
    const grant = await call(api.POST("/api/auth/session", { body: { email, password } }))
    adopt(activeFrom(grant))
    return grant.user
  }, [adopt])

  const logout = useCallback(async () => {
    try {
      await call(api.DELETE("/api/auth/session"))
    } finally {
      adopt(undefined)
    }
  }, [adopt])

  const value = useMemo(() => ({ state, login, logout }), [state, login, logout])
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export const useSession = (): SessionApi => {
  const session = useContext(SessionContext)
  if (session === undefined) throw new Error("useSession outside SessionProvider")
  return session
}

/** The signed-in user; only under the authenticated layout. */
export const useUser = (): SessionUser => {
  const { state } = useSession()
  if (state.status !== "signedIn") throw new Error("useUser without a session")
  return state.session.user
}

/** Where each role starts after login. */
export const homePathOf = (role: Role): "/pedido" | "/cotizaciones" => (role === "client" ? "/pedido" : "/cotizaciones")
