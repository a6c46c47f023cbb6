/**
 * API key lifecycle (spec "States and transitions → API key").
 *
 * | State   | Derived from                                                  |
 * |---------|---------------------------------------------------------------|
 * | revoked | `active = false` or `revokedAt` set                           |
 * | expired | not revoked, `expiresAt` set and `now ≥ expiresAt`            |
 * | active  | otherwise                                                     |
 *
 * Transitions are planned here and applied by the adapter in one transaction:
 * - revoke (`DELETE`): active or expired → revoked (`active=false`, `revokedAt=now`);
 *   already revoked → `NOT_FOUND`.
 * - rotate (`POST …/rotate`, `graceHours` 0–168, default 48): a new key is created;
 *   graceHours > 0 → the old key stays active with `expiresAt = now + graceHours`
 *   (never later than an expiry it already had: a rotation does not lengthen a key's
 *   life) and `replacedBy = new id`; graceHours = 0 → the old key is revoked now, with
 *   `replacedBy`. Revoked → `NOT_FOUND`; expired → `API_KEY_EXPIRED`.
 */
import * as Result from "effect/Result"
import { ApiKeyExpired } from "../auth/errors.ts"
import { NotFound, ValidationError } from "../shared/errors.ts"
import { type Instant, toEpochMillis, toEpochMillisOrNull } from "../shared/instant.ts"

export type ApiKeyState = "active" | "expired" | "revoked"

export const API_KEY_MAX_GRACE_HOURS = 168
export const API_KEY_DEFAULT_GRACE_HOURS = 48
export const API_KEY_MIN_EXPIRES_IN_DAYS = 1
export const API_KEY_MAX_EXPIRES_IN_DAYS = 730

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

export interface ApiKeyLifecycle {
  readonly active: boolean
  readonly revokedAt: Instant | null
  readonly expiresAt: Instant | null
}

/** Current state of a key. */
export const apiKeyState = (key: ApiKeyLifecycle, now: Instant): ApiKeyState => {
  if (!key.active || key.revokedAt !== null) return "revoked"
  const expiresAt = toEpochMillisOrNull(key.expiresAt)
  return expiresAt !== null && toEpochMillis(now) >= expiresAt ? "expired" : "active"
}

/** Expiry of a new key from `expiresInDays` (1–730), or null (never expires). */
export const expiresAtFromDays = (
  now: Instant,
  expiresInDays: number | null | undefined
): Result.Result<Date | null, ValidationError> => {
  if (expiresInDays === null || expiresInDays === undefined) return Result.succeed(null)
  if (
    !Number.isInteger(expiresInDays) || expiresInDays < API_KEY_MIN_EXPIRES_IN_DAYS ||
    expiresInDays > API_KEY_MAX_EXPIRES_IN_DAYS
  ) {
    return Result.fail(
      new ValidationError({
        message: "expiresInDays must be an integer from 1 to 730",
        details: { field: "expiresInDays", value: expiresInDays }
      })
    )
  }
  return Result.succeed(new Date(toEpochMillis(now) + expiresInDays * DAY_MS))
}

/** Field changes of a revocation. */
export interface RevocationPlan {
  readonly active: false
  readonly revokedAt: Date
}

export const planRevocation = (key: ApiKeyLifecycle, now: Instant): Result.Result<RevocationPlan, NotFound> =>
  apiKeyState(key, now) === "revoked"
    ? Result.fail(new NotFound({ message: "API key not found or already revoked" }))
    : Result.succeed({ active: false, revokedAt: new Date(toEpochMillis(now)) })

export interface RotationRequest {
  readonly now: Instant
  /** Id the new key will get (the adapter generates it before planning). */
  readonly newKeyId: string
  /** 0–168; default 48. */
  readonly graceHours?: number | undefined
  /** 1–730; default: the new key never expires. */
  readonly expiresInDays?: number | null | undefined
}

/** Field changes of a rotation: what to write on the old key, and the new key's expiry. */
export interface RotationPlan {
  readonly old: {
    readonly active: boolean
    readonly revokedAt: Date | null
    readonly expiresAt: Date | null
    readonly replacedBy: string
  }
  readonly newKey: { readonly id: string; readonly expiresAt: Date | null }
  /** The `previous` object of the rotate response. */
  readonly previous: { readonly expiresAt: Date | null }
}

export const planRotation = (
  key: ApiKeyLifecycle,
  request: RotationRequest
): Result.Result<RotationPlan, NotFound | ApiKeyExpired | ValidationError> => {
  const graceHours = request.graceHours ?? API_KEY_DEFAULT_GRACE_HOURS
  if (!Number.isInteger(graceHours) || graceHours < 0 || graceHours > API_KEY_MAX_GRACE_HOURS) {
    return Result.fail(
      new ValidationError({
        message: "graceHours must be an integer from 0 to 168",
        details: { field: "graceHours", value: graceHours }
      })
    )
  }
  const state = apiKeyState(key, request.now)
  if (state === "revoked") return Result.fail(new NotFound({ message: "API key not found or already revoked" }))
  if (state === "expired") return Result.fail(new ApiKeyExpired({ message: "API key already expired" }))
  const newExpiry = expiresAtFromDays(request.now, request.expiresInDays)
  if (Result.isFailure(newExpiry)) return Result.fail(newExpiry.failure)
  const now = toEpochMillis(request.now)
  const currentExpiry = toEpochMillisOrNull(key.expiresAt)
  const old = graceHours === 0
    ? {
      active: false,
      revokedAt: new Date(now),
      expiresAt: currentExpiry === null ? null : new Date(currentExpiry),
      replacedBy: request.newKeyId
    }
    : {
      active: true,
      revokedAt: null,
      expiresAt: new Date(Math.min(now + graceHours * HOUR_MS, currentExpiry ?? Number.POSITIVE_INFINITY)),
      replacedBy: request.newKeyId
    }
  return Result.succeed({
    old,
    newKey: { id: request.newKeyId, expiresAt: newExpiry.success },
    previous: { expiresAt: graceHours === 0 ? new Date(now) : old.expiresAt }
  })
}
