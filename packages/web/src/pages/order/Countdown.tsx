/**
 * The time left until an instant, ticking every second. It is hidden from screen readers:
 * a ticking text inside a live region would be announced without end, so the panel states
 * the instant itself in words and only the sighted see the seconds run.
 */
import { formatRemaining } from "../../format.ts"
import { useNow } from "./use-now.ts"

export const Countdown = ({ until, phrase }: { readonly until: string; readonly phrase: (remaining: string) => string }) => {
  const now = useNow()
  return (
    <span className="countdown" aria-hidden="true">
      {phrase(formatRemaining(Date.parse(until) - now))}
    </span>
  )
}
