/**
 * The frame of every signed-in page: the header with the "Principal" navigation for the
 * user's role and "Cerrar sesión", and the page. Only signed-in users get here (the route's
 * `beforeLoad` sends the others to the login, router.tsx); a page reserved to other roles
 * shows "no disponible". An advisor's or admin's navigation is long: on a narrow screen it is
 * one row that scrolls sideways, brought to the current page's link at each navigation; a
 * client's three links share the width.
 */
import { Link, Outlet, useLocation, useMatches } from "@tanstack/react-router"
import { useEffect, useRef } from "react"
import { Button } from "react-aria-components"
import { messages } from "../i18n/messages.ts"
import { type Role, useSession } from "../session/session.tsx"
import { NotAvailablePage } from "../pages/NotAvailablePage.tsx"
import { navigationFor } from "./navigation.ts"

export const AppShell = () => {
  const { state, logout } = useSession()
  const matches = useMatches()
  const pathname = useLocation({ select: (location) => location.pathname })
  const navigation = useRef<HTMLElement>(null)
  useEffect(() => {
    navigation.current?.querySelector("a.active")?.scrollIntoView({ block: "nearest", inline: "nearest" })
  }, [pathname])

  // Between a logout and the redirect it causes.
  if (state.status !== "signedIn") return null
  const user = state.session.user
  const allowed: ReadonlyArray<Role> | undefined = matches.at(-1)?.staticData.roles
  const links = navigationFor(user.role)
  const scrolling = user.role !== "client"

  return (
    <div className="shell">
      <a className="skip-link" href="#contenido">{messages.app.skipToContent}</a>
      <header className="topbar">
        <span className="brand">{messages.app.name}</span>
        <nav
          aria-label={messages.app.mainNavigation}
          ref={navigation}
          className={scrolling ? "main-nav scrolling" : "main-nav"}
        >
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} activeProps={{ "aria-current": "page", className: "active" }}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account">
          <span className="muted account-name">{messages.app.signedInAs(user.name)}</span>
          <Button className="button secondary small" onPress={() => void logout()}>{messages.app.logout}</Button>
        </div>
      </header>
      <main id="contenido" className="page" tabIndex={-1}>
        {allowed !== undefined && !allowed.includes(user.role) ? <NotAvailablePage /> : <Outlet />}
      </main>
    </div>
  )
}
