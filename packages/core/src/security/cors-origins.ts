/**
 * Which browser origins may call the API (`CORS_ORIGINS`). An entry is an exact origin
 * (`https://panel.example.com`) or an origin whose port is `*` (`http://localhost:*`,
 * any port of that scheme and host). Nothing else is a pattern: no `*` alone, no
 * subdomain wildcards, so a typo cannot open the API to every site.
 */

/** Parses the comma-separated setting; blank entries are ignored. */
export const parseCorsOrigins = (setting: string): ReadonlyArray<string> =>
  setting.split(",").map((entry) => entry.trim().replace(/\/+$/, "")).filter((entry) => entry !== "")

/** `null` when the entry is neither an origin nor an origin with port `*`. */
export const corsEntryProblem = (entry: string): string | null =>
  /^https?:\/\/[a-z0-9.-]+(:(\d{1,5}|\*))?$/i.test(entry)
    ? null
    : `"${entry}" is not an origin (scheme://host[:port], port may be *)`

export const isAllowedOrigin = (allowed: ReadonlyArray<string>, origin: string | undefined): boolean => {
  if (origin === undefined || origin === "" || origin === "null") return false
  const given = origin.toLowerCase()
  return allowed.some((entry) => {
    const pattern = entry.toLowerCase()
    if (!pattern.endsWith(":*")) return pattern === given
    const prefix = pattern.slice(0, -1) // "http://localhost:"
    return given.startsWith(prefix) && /^\d{1,5}$/.test(given.slice(prefix.length))
  })
}

/** The default: none, except the developer's own machine in development. */
export const defaultCorsOrigins = (environment: string): ReadonlyArray<string> =>
  environment === "development" ? ["http://localhost:*", "http://127.0.0.1:*"] : []
