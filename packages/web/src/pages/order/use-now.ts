import { useEffect, useState } from "react"

/** The current time in epoch milliseconds, re-read every `everyMillis` (for live countdowns). */
export const useNow = (everyMillis = 1_000): number => {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMillis)
    return () => window.clearInterval(timer)
  }, [everyMillis])
  return now
}
