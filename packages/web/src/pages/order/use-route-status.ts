/**
 * A branch's route status for the panel and the send button: the service's answer, asked
 * again every minute (`cutoffQuery`) and right after the next change the answer itself
 * announces — the deadline of an open window, the opening of a closed one — so the panel
 * turns "closed" when the countdown reaches zero rather than up to a minute later.
 */
import { useQuery } from "@tanstack/react-query"
import { useEffect } from "react"
import { cutoffQuery, type CutoffStatus } from "./order-queries.ts"

/** Ask a moment after the instant, so the service's clock is surely past it. */
const afterChangeMillis = 1_000
/** setTimeout's largest delay (about 24 days); the minute poll covers anything later. */
const maxTimerMillis = 2_147_483_647

/** The instant the status will next change by itself: its deadline when open, its opening when closed. */
export const nextChangeOf = (status: CutoffStatus): string | null =>
  status.missingRoute ? null : status.isOpen ? status.deadline : status.windowOpensAt

export const useRouteStatus = (branchId: string) => {
  const query = useQuery(cutoffQuery(branchId))
  const nextChange = query.data === undefined ? null : nextChangeOf(query.data)
  const { refetch } = query

  useEffect(() => {
    if (nextChange === null) return
    const due = Date.parse(nextChange) - Date.now() + afterChangeMillis
    const timer = window.setTimeout(() => void refetch(), Math.min(Math.max(due, afterChangeMillis), maxTimerMillis))
    return () => window.clearTimeout(timer)
  }, [nextChange, refetch])

  return query
}
