/**
 * A key's state as an admin reads it: revoked (for good), expired, replaced by a rotation
 * (still valid until its grace ends), or active — and what can still be done with it.
 */
import type { ApiKey } from "./api-key-queries.ts"

export type ApiKeyState = "active" | "replaced" | "expired" | "revoked"

export const apiKeyStateAt = (key: ApiKey, now: number): ApiKeyState => {
  if (!key.active || key.revokedAt !== null) return "revoked"
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now) return "expired"
  if (key.replacedBy !== null) return "replaced"
  return "active"
}

/** Renaming, changing scopes and rotating are for a key in use; revoking, for a key that still works (in use, or replaced and in its grace). */
export const actionsFor = (state: ApiKeyState) => ({
  edit: state === "active",
  rotate: state === "active",
  revoke: state === "active" || state === "replaced"
})
