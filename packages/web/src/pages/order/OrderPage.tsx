/**
 * "Hacer pedido", the client's ordering page (issue #23): choose the branch, see whether
 * its route takes orders, pick products from the catalog at this client's prices, and
 * send the cart; the service prices and creates the quotation. The cart survives a
 * reload (cart-store.ts); `?repetir=<id>` fills it from a past quotation.
 */
import { useQuery } from "@tanstack/react-query"
import { useSearch } from "@tanstack/react-router"
import { useCallback, useRef, useState } from "react"
import { messages } from "../../i18n/messages.ts"
import { type SessionUser, useUser } from "../../session/session.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { BranchPicker } from "./BranchPicker.tsx"
import { type Cart, type CartActions, useCart } from "./cart-store.ts"
import type { CartNews } from "./cart-news.ts"
import { CartPanel } from "./CartPanel.tsx"
import { CartSummaryBar } from "./CartSummaryBar.tsx"
import { Catalog } from "./Catalog.tsx"
import { OrderConfirmation } from "./OrderConfirmation.tsx"
import { type Branch, type CutoffStatus, myCompanyQuery } from "./order-queries.ts"
import { RouteStatusPanel } from "./RouteStatusPanel.tsx"
import { useRepeatOrder } from "./use-repeat-order.ts"
import { useRouteStatus } from "./use-route-status.ts"
import { type SentQuotation, useSendOrder } from "./use-send-order.ts"
import { useTodaysCartPrices } from "./use-todays-cart-prices.ts"

const text = messages.order

/** The cart's branch while it is still active, else the client's own, else the first. */
const effectiveBranch = (branches: ReadonlyArray<Branch>, chosen: string | undefined, own: string | null): Branch | undefined =>
  branches.find((branch) => branch.id === chosen) ?? branches.find((branch) => branch.id === own) ?? branches[0]

/** Why "Enviar pedido" cannot be pressed now, if it cannot. */
const blockedBecause = (cart: Cart, route: CutoffStatus | undefined, routeUnreadable: boolean): string | undefined => {
  if (route?.missingRoute === true) return text.cart.blockedNoRoute
  if (route !== undefined && !route.isOpen) return text.cart.blockedClosed
  // A status that could not be read does not block: the service decides when the order arrives.
  if (route === undefined && !routeUnreadable) return text.cart.blockedChecking
  if (cart.lines.length === 0) return text.cart.blockedEmpty
  return undefined
}

const OrderWorkspace = ({ branch, branches, cart, actions, onSent }: {
  readonly branch: Branch
  readonly branches: ReadonlyArray<Branch>
  readonly cart: Cart
  readonly actions: CartActions
  readonly onSent: (quotation: SentQuotation) => void
}) => {
  const search = useSearch({ from: "/app/pedido" })
  const route = useRouteStatus(branch.id)
  const [news, setNews] = useState<CartNews | undefined>(undefined)
  const clearNews = useCallback(() => setNews(undefined), [])

  useTodaysCartPrices(cart, actions, setNews)
  const repeat = useRepeatOrder({ quotationId: search.repetir, branches, actions, onNews: setNews })
  const sender = useSendOrder({ actions, onSent, onNews: setNews })

  return (
    <>
      <div className="order-top">
        <div className="order-branch">
          <BranchPicker branches={branches} selectedId={branch.id} onSelect={actions.setBranch} />
        </div>
        <RouteStatusPanel query={route} />
      </div>
      {search.repetir !== undefined && (
        repeat.isError
          ? <ErrorNotice error={repeat.error} onRetry={() => void repeat.refetch()} />
          : <p className="loading" aria-live="polite">{text.notices.repeating}</p>
      )}
      <div className="order-layout">
        <Catalog search={search} cart={cart} actions={actions} />
        <CartPanel
          cart={cart}
          actions={actions}
          blockedBecause={blockedBecause(cart, route.data, route.isError)}
          isSending={sender.isSending}
          onSend={() => sender.submit({ ...cart, branchId: branch.id })}
          news={news}
          onDismissNews={clearNews}
          problem={sender.problem}
          onDismissProblem={sender.clearProblem}
        />
      </div>
      <CartSummaryBar cart={cart} />
    </>
  )
}

const OrderScreen = ({ user }: { readonly user: SessionUser }) => {
  const company = useQuery(myCompanyQuery)
  const { cart, actions } = useCart(user.id)
  const [sent, setSent] = useState<SentQuotation | undefined>(undefined)
  const branches = company.data?.branches ?? []
  const branch = effectiveBranch(branches, cart.branchId, user.branchId)

  const heading = useRef<HTMLHeadingElement>(null)
  // Back to an empty order: start reading and tabbing from the page's top again.
  const anotherOrder = () => {
    setSent(undefined)
    window.requestAnimationFrame(() => heading.current?.focus())
  }

  const body = sent !== undefined
    ? <OrderConfirmation quotation={sent} onAnother={anotherOrder} />
    : company.data === undefined
    ? company.isError ? <ErrorNotice error={company.error} onRetry={() => void company.refetch()} /> : <Loading />
    : branch === undefined
    ? <div className="notice notice-warning"><p>{text.noBranches}</p></div>
    : <OrderWorkspace branch={branch} branches={branches} cart={cart} actions={actions} onSent={setSent} />

  return (
    <div className="order-page">
      <h1 ref={heading} tabIndex={-1}>{text.title}</h1>
      {body}
    </div>
  )
}

export const OrderPage = () => {
  const user = useUser()
  return <OrderScreen key={user.id} user={user} />
}
