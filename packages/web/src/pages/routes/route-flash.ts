/**
 * An announcement carried across one navigation of the Rutas screens: a route created
 * (the editor moves to the new route's address) or deactivated (back to the list) is
 * announced on the page that opens next, once.
 */
import { useEffect } from "react"
import type { Announce } from "../../ui/StatusLine.tsx"

let pending: string | undefined

export const announceOnNextPage = (text: string): void => {
  pending = text
}

/** Says the pending announcement, if any, in this page's status line. */
export const usePendingAnnouncement = (announce: Announce): void => {
  useEffect(() => {
    const text = pending
    pending = undefined
    if (text !== undefined) announce(text)
  }, [announce])
}
