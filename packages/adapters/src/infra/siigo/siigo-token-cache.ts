/**
 * The Siigo bearer token, cached until shortly before it expires. The cache is keyed
 * on the credentials (base URL, username, access key): when the settings change, the
 * old token is never used again. A semaphore makes concurrent callers share one
 * `POST /auth`. Tokens stay `Redacted` so they never reach logs.
 */
import type { ErpSettings } from "@quote/core/erp/erp-settings"
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Ref from "effect/Ref"
import * as Semaphore from "effect/Semaphore"

export interface SiigoToken {
  readonly token: Redacted.Redacted<string>
  readonly expiresAtMillis: number
  /** When the cache stops handing it out (slightly before expiry). */
  readonly renewAtMillis: number
}

interface Entry {
  readonly baseUrl: string
  readonly username: string
  readonly accessKey: Redacted.Redacted<string>
  readonly token: SiigoToken
}

const sameCredentials = (entry: Entry, settings: ErpSettings): boolean =>
  entry.baseUrl === settings.baseUrl &&
  entry.username === settings.username &&
  Redacted.value(entry.accessKey) === Redacted.value(settings.accessKey)

/**
 * When to renew a token of `lifetimeMillis`: `renewBefore` ahead of expiry, but never
 * more than a tenth of its life ahead (short-lived tokens in tests stay usable).
 */
export const renewAt = (issuedAtMillis: number, lifetimeMillis: number, renewBefore: Duration.Duration): number =>
  issuedAtMillis + lifetimeMillis - Math.min(Duration.toMillis(renewBefore), lifetimeMillis / 10)

export const makeTokenCache = Effect.gen(function*() {
  const current = yield* Ref.make(Option.none<Entry>())
  const lock = yield* Semaphore.make(1)

  /** A valid token for these settings, fetching one with `fetch` if needed. */
  const get = <E, R>(settings: ErpSettings, fetch: Effect.Effect<SiigoToken, E, R>): Effect.Effect<SiigoToken, E, R> =>
    Semaphore.withPermit(
      lock,
      Effect.gen(function*() {
        const now = yield* Clock.currentTimeMillis
        const cached = yield* Ref.get(current)
        if (Option.isSome(cached) && sameCredentials(cached.value, settings) && now < cached.value.token.renewAtMillis) {
          return cached.value.token
        }
        return yield* refresh(settings, fetch)
      })
    )

  /** Always fetches a new token (test connection), replacing the cached one. */
  const refresh = <E, R>(settings: ErpSettings, fetch: Effect.Effect<SiigoToken, E, R>) =>
    fetch.pipe(
      Effect.tap((token) =>
        Ref.set(
          current,
          Option.some({
            baseUrl: settings.baseUrl,
            username: settings.username,
            accessKey: settings.accessKey,
            token
          })
        )
      )
    )

  /** Drops `token` if it is still the cached one (a 401 proved it dead). */
  const invalidate = (token: SiigoToken): Effect.Effect<void> =>
    Ref.update(current, Option.filter((entry) => entry.token !== token))

  return {
    get,
    refreshNow: <E, R>(settings: ErpSettings, fetch: Effect.Effect<SiigoToken, E, R>) =>
      Semaphore.withPermit(lock, refresh(settings, fetch)),
    invalidate
  }
})

export type TokenCache = Effect.Success<typeof makeTokenCache>
