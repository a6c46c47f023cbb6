/**
 * One Siigo call, end to end: settings → token → request with `Partner-Id` →
 * per-request time-out → retries → Siigo's error envelope mapped to ERP errors.
 *
 * Retry rules (docs/erp.md):
 * - 401 on a data call: drop the token, authenticate once more, resend once.
 * - 429 `requests_limit`: wait (exponential backoff with jitter, at least Siigo's
 *   "Try again in N seconds") and resend, any method, up to `maxRateLimitRetries`.
 * - 5xx, time-out or broken connection: resend only idempotent calls (GET, PUT,
 *   /auth), up to `maxTransientRetries`. A POST (quotation, customer) is never resent:
 *   Siigo may have processed it.
 * Credentials and tokens are `Redacted` and never logged; only method, path and status are.
 */
import type { ErpSettings } from "@quote/core/erp/erp-settings"
import { ErpSettingsSource } from "@quote/core/erp/erp-settings"
import { erpRequestsTotal } from "@quote/core/observability/service-metrics"
import {
  ErpAuthFailed,
  type ErpErrorEntry,
  type ErpFailureReason,
  ErpHttpError,
  ErpNotConfigured
} from "@quote/core/erp/errors"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Metric from "effect/Metric"
import * as Option from "effect/Option"
import * as Predicate from "effect/Predicate"
import * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { backoffDelay, defaultRetryPolicy, retryHint, type SiigoRetryPolicy } from "./siigo-retry-policy.ts"
import { makeTokenCache, renewAt, type SiigoToken } from "./siigo-token-cache.ts"
import { WireAuthResponse, WireErrorEnvelope } from "./siigo-wire.ts"

export interface SiigoHttpOptions {
  /** Per-request time-out (default 120 s: Siigo advises client time-outs ≥ 120 s). */
  readonly requestTimeout?: Duration.Input
  readonly maxRateLimitRetries?: number
  readonly maxTransientRetries?: number
  /** First backoff step (default 1 s), doubled per retry up to `backoffMax` (default 60 s). */
  readonly backoffBase?: Duration.Input
  readonly backoffMax?: Duration.Input
  /** Renew the token this long before it expires (default 10 min, at most a tenth of its life). */
  readonly tokenRenewBefore?: Duration.Input
}

export interface SiigoCall {
  readonly method: "GET" | "POST" | "PUT"
  /** e.g. `/v1/products`. */
  readonly path: string
  readonly urlParams?: Readonly<Record<string, string>>
  readonly body?: unknown
}

/** A response Siigo gave, JSON body parsed when it is JSON. */
export interface SiigoAnswer {
  readonly status: number
  readonly body: unknown
}

const parseJson = Schema.decodeUnknownOption(Schema.fromJsonString(Schema.Unknown))
const decodeEnvelope = Schema.decodeUnknownOption(WireErrorEnvelope)
const decodeAuth = Schema.decodeUnknownEffect(WireAuthResponse)

/** Siigo's `{Status, Errors}` as error entries; a non-envelope body gives none. */
export const siigoErrors = (body: unknown): ReadonlyArray<ErpErrorEntry> =>
  Option.match(decodeEnvelope(body), {
    onNone: () => [],
    onSome: (envelope) =>
      envelope.Errors.map((error) => ({
        code: error.Code === null || error.Code === undefined ? "unknown" : String(error.Code),
        message: error.Message ?? "",
        params: (error.Params ?? []).map(String),
        detail: error.Detail ?? null
      }))
  })

const operationOf = (call: SiigoCall): string => `${call.method} ${call.path}`

/** `erp_requests_total`'s operation: the path's collection, an id replaced by `:id` (bounded). */
const operationTemplateOf = (call: SiigoCall): string => {
  const segments = call.path.split("/")
  return `${call.method} ${segments.slice(0, 3).join("/")}${segments.length > 3 ? "/:id" : ""}`
}

/** Counts one exchange by operation and HTTP status, or `timeout` / `transport`. */
const countErpRequest = (call: SiigoCall, exit: Exit.Exit<SiigoAnswer, unknown>) => {
  const status = Exit.isSuccess(exit)
    ? String(exit.value.status)
    : Option.exists(Exit.findErrorOption(exit), Predicate.isTagged("TimeoutError")) ? "timeout" : "transport"
  return Metric.update(Metric.withAttributes(erpRequestsTotal, { operation: operationTemplateOf(call), status }), 1)
}

/** Resending after a 5xx or time-out is safe for these calls (nothing is created twice). */
const isIdempotent = (call: SiigoCall): boolean => call.method !== "POST" || call.path === "/auth"

interface FailureInfo {
  readonly reason: ErpFailureReason
  readonly status: number | null
  readonly errors: ReadonlyArray<ErpErrorEntry>
  readonly attempts: number
  readonly timeoutMs?: number
}

/** A failed exchange before it becomes an ERP error (internal). */
interface Failure extends FailureInfo {
  readonly _tag: "SiigoFailure"
}

const describeFailure = (call: SiigoCall, failure: FailureInfo): string => {
  const what = operationOf(call)
  switch (failure.reason) {
    case "timeout":
      return `Siigo did not answer ${what} within ${failure.timeoutMs} ms`
    case "transport":
      return `Could not reach Siigo for ${what}`
    case "decode":
      return `Siigo's answer to ${what} has an unexpected shape`
    case "rate_limited":
      return `Siigo kept refusing ${what} with requests_limit (429) after ${failure.attempts} attempts`
    case "status": {
      const first = failure.errors[0]
      const codes = failure.errors.map((error) => error.code).join(", ")
      return `Siigo answered ${failure.status}${codes === "" ? "" : ` ${codes}`} to ${what}` +
        (first?.message ? `: ${first.message}` : "")
    }
  }
}

const details = (call: SiigoCall, failure: FailureInfo) => ({
  reason: failure.reason,
  operation: operationOf(call),
  status: failure.status,
  errors: failure.errors,
  codes: failure.errors.map((error) => error.code),
  timeoutMs: failure.timeoutMs ?? null,
  attempts: failure.attempts
})

export const httpError = (call: SiigoCall, failure: FailureInfo): ErpHttpError =>
  new ErpHttpError({ message: describeFailure(call, failure), details: details(call, failure) })

const authFailed = (call: SiigoCall, failure: FailureInfo, message: string): ErpAuthFailed =>
  new ErpAuthFailed({ message, details: details(call, failure) })

const joinUrl = (baseUrl: string, path: string): string => baseUrl.replace(/\/+$/, "") + path

export const makeSiigoHttp = (options: SiigoHttpOptions = {}) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const settingsSource = yield* ErpSettingsSource
    const tokens = yield* makeTokenCache
    const timeout = Duration.fromInputUnsafe(options.requestTimeout ?? Duration.seconds(120))
    const renewBefore = Duration.fromInputUnsafe(options.tokenRenewBefore ?? Duration.minutes(10))
    const policy: SiigoRetryPolicy = {
      maxRateLimitRetries: options.maxRateLimitRetries ?? defaultRetryPolicy.maxRateLimitRetries,
      maxTransientRetries: options.maxTransientRetries ?? defaultRetryPolicy.maxTransientRetries,
      backoffBase: Duration.fromInputUnsafe(options.backoffBase ?? defaultRetryPolicy.backoffBase),
      backoffMax: Duration.fromInputUnsafe(options.backoffMax ?? defaultRetryPolicy.backoffMax)
    }

    const settings: Effect.Effect<ErpSettings, ErpNotConfigured> = settingsSource.get.pipe(
      Effect.flatMap(Option.match({
        onNone: () =>
          Effect.fail(new ErpNotConfigured({ message: "ERP settings (partner id, username, access key) are not set" })),
        onSome: Effect.succeed
      }))
    )

    /** A single HTTP exchange, bounded by the time-out. */
    const exchange = (
      config: ErpSettings,
      call: SiigoCall,
      token: Option.Option<Redacted.Redacted<string>>
    ): Effect.Effect<SiigoAnswer, Failure> => {
      let request = HttpClientRequest.make(call.method)(joinUrl(config.baseUrl, call.path), {
        urlParams: call.urlParams ?? {},
        headers: { "Partner-Id": config.partnerId },
        acceptJson: true
      })
      if (Option.isSome(token)) request = HttpClientRequest.bearerToken(request, token.value)
      if (call.body !== undefined) request = HttpClientRequest.bodyJsonUnsafe(request, call.body)
      return client.execute(request).pipe(
        Effect.flatMap((response) =>
          Effect.map(response.text, (text): SiigoAnswer => ({
            status: response.status,
            body: Option.getOrNull(parseJson(text))
          }))
        ),
        Effect.timeout(timeout),
        Effect.onExit((exit) => countErpRequest(call, exit)),
        // No trace headers to a third party.
        Effect.provideService(HttpClient.TracerPropagationEnabled, false),
        Effect.catchTags({
          TimeoutError: () =>
            Effect.fail<Failure>({
              _tag: "SiigoFailure",
              reason: "timeout",
              status: null,
              errors: [],
              attempts: 1,
              timeoutMs: Duration.toMillis(timeout)
            }),
          HttpClientError: () =>
            Effect.fail<Failure>({ _tag: "SiigoFailure", reason: "transport", status: null, errors: [], attempts: 1 })
        })
      )
    }

    /**
     * Sends `call`, resending per the retry rules. `token` gives the bearer token
     * (none for /auth); after a 401 it is invalidated and asked again, once. Answers
     * the final response (any status) or the final transport failure.
     */
    const withRetries = Effect.fnUntraced(function*(
      config: ErpSettings,
      call: SiigoCall,
      token: Effect.Effect<Option.Option<SiigoToken>, ErpAuthFailed | ErpHttpError>
    ): Effect.fn.Return<{ readonly answer: SiigoAnswer; readonly attempts: number }, Failure | ErpAuthFailed | ErpHttpError> {
      let attempts = 0
      let rateLimited = 0
      let transient = 0
      let reauthenticated = false
      while (true) {
        attempts++
        const bearer = yield* token
        const result = yield* Effect.result(exchange(config, call, Option.map(bearer, (t) => t.token)))
        if (Result.isFailure(result)) {
          if (isIdempotent(call) && transient < policy.maxTransientRetries) {
            transient++
            yield* Effect.logWarning(`Siigo ${operationOf(call)}: ${result.failure.reason}, retrying`)
            yield* Effect.sleep(yield* backoffDelay(policy, transient, Option.none()))
            continue
          }
          return yield* Effect.fail({ ...result.failure, attempts })
        }
        const answer = result.success
        if (answer.status === 429 && rateLimited < policy.maxRateLimitRetries) {
          rateLimited++
          const hint = retryHint(siigoErrors(answer.body).map((error) => error.message))
          const wait = yield* backoffDelay(policy, rateLimited, hint)
          yield* Effect.logDebug(`Siigo ${operationOf(call)}: 429, waiting ${Duration.format(wait)}`)
          yield* Effect.sleep(wait)
          continue
        }
        if (answer.status === 401 && Option.isSome(bearer) && !reauthenticated) {
          reauthenticated = true
          yield* tokens.invalidate(bearer.value)
          continue
        }
        if (answer.status >= 500 && isIdempotent(call) && transient < policy.maxTransientRetries) {
          transient++
          yield* Effect.logWarning(`Siigo ${operationOf(call)}: ${answer.status}, retrying`)
          yield* Effect.sleep(yield* backoffDelay(policy, transient, Option.none()))
          continue
        }
        return { answer, attempts }
      }
    })

    const authCall = (config: ErpSettings): SiigoCall => ({
      method: "POST",
      path: "/auth",
      body: { username: config.username, access_key: Redacted.value(config.accessKey) }
    })

    /** `POST /auth` → a token; Siigo's refusal → ErpAuthFailed. */
    const fetchToken = (config: ErpSettings): Effect.Effect<SiigoToken, ErpAuthFailed | ErpHttpError> => {
      const call = authCall(config)
      return withRetries(config, call, Effect.succeed(Option.none())).pipe(
        Effect.catchTag("SiigoFailure", (failure) => Effect.fail(httpError(call, failure))),
        Effect.flatMap(({ answer, attempts }): Effect.Effect<SiigoToken, ErpAuthFailed | ErpHttpError> => {
          const failure = (reason: ErpFailureReason): FailureInfo => ({
            reason,
            status: answer.status,
            errors: siigoErrors(answer.body),
            attempts
          })
          if (answer.status === 200 || answer.status === 201) {
            return decodeAuth(answer.body).pipe(
              Effect.mapError(() => httpError(call, failure("decode"))),
              Effect.flatMap((auth) =>
                Effect.clockWith((clock) =>
                  Effect.sync((): SiigoToken => {
                    const issuedAt = clock.currentTimeMillisUnsafe()
                    const lifetime = auth.expires_in * 1000
                    return {
                      token: Redacted.make(auth.access_token),
                      expiresAtMillis: issuedAt + lifetime,
                      renewAtMillis: renewAt(issuedAt, lifetime, renewBefore)
                    }
                  })
                )
              )
            )
          }
          if (answer.status === 429) return Effect.fail(httpError(call, failure("rate_limited")))
          if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
            return Effect.fail(authFailed(call, failure("status"), "Siigo refused the ERP credentials (username or access key)"))
          }
          return Effect.fail(httpError(call, failure("status")))
        })
      )
    }

    /** A data call with the cached token, retried per the rules; any final status. */
    const exchangeWithToken = (call: SiigoCall) =>
      Effect.gen(function*() {
        const config = yield* settings
        const token = tokens.get(config, fetchToken(config)).pipe(Effect.map(Option.some))
        return yield* withRetries(config, call, token).pipe(
          Effect.catchTag("SiigoFailure", (failure) => Effect.fail(httpError(call, failure)))
        )
      })

    const isSuccess = (answer: SiigoAnswer): boolean => answer.status >= 200 && answer.status < 300

    /** The ERP error for a final non-2xx answer. */
    const failFor = (call: SiigoCall, answer: SiigoAnswer, attempts: number): Effect.Effect<never, ErpAuthFailed | ErpHttpError> => {
      const failure = (reason: ErpFailureReason): FailureInfo => ({
        reason,
        status: answer.status,
        errors: siigoErrors(answer.body),
        attempts
      })
      if (answer.status === 401) {
        return Effect.fail(authFailed(call, failure("status"), "Siigo refused a freshly issued token"))
      }
      if (answer.status === 429) return Effect.fail(httpError(call, failure("rate_limited")))
      return Effect.fail(httpError(call, failure("status")))
    }

    /** Sends a data call and answers the JSON body of its 2xx response. */
    const send = (call: SiigoCall): Effect.Effect<unknown, ErpNotConfigured | ErpAuthFailed | ErpHttpError> =>
      exchangeWithToken(call).pipe(
        Effect.flatMap(({ answer, attempts }) =>
          isSuccess(answer) ? Effect.succeed(answer.body) : failFor(call, answer, attempts)
        )
      )

    /** Like `send`, with a 404 answered as `None` (reads by id). */
    const sendOptional = (
      call: SiigoCall
    ): Effect.Effect<Option.Option<unknown>, ErpNotConfigured | ErpAuthFailed | ErpHttpError> =>
      exchangeWithToken(call).pipe(
        Effect.flatMap(({ answer, attempts }) =>
          isSuccess(answer)
            ? Effect.succeed(Option.some(answer.body))
            : answer.status === 404
            ? Effect.succeed(Option.none())
            : failFor(call, answer, attempts)
        )
      )

    /** Decodes a 2xx body; a shape mismatch is an ErpHttpError `decode`. */
    const decode = <S extends Schema.Decoder<unknown>>(schema: S, call: SiigoCall) => {
      const run = Schema.decodeUnknownEffect(schema)
      return (body: unknown): Effect.Effect<S["Type"], ErpHttpError> =>
        run(body).pipe(
          Effect.mapError((error) =>
            new ErpHttpError({
              message: `${describeFailure(call, { reason: "decode", status: null, errors: [], attempts: 1 })}: ${error.message}`,
              details: details(call, { reason: "decode", status: null, errors: [], attempts: 1 })
            })
          )
        )
    }

    return {
      settings,
      send,
      sendOptional,
      decode,
      /** A fresh token now (test connection), cached for later calls. */
      authenticate: Effect.gen(function*() {
        const config = yield* settings
        return yield* tokens.refreshNow(config, fetchToken(config))
      })
    }
  })

export type SiigoHttp = Effect.Success<ReturnType<typeof makeSiigoHttp>>
