/**
 * What an audit entry may never show: a secret, password, token or key value. The
 * database triggers already leave secret columns out of the summaries; this filter runs
 * again on every entry read (`GET /api/audit`, the CLI), so a direct insert or a future
 * trigger that forgets a column still cannot reveal one.
 */

/** Field names that hold or derive from a credential (`password_hash`, `secret`, `access_key_encrypted`, …). */
export const isSecretField = (name: string): boolean =>
  /password|secret|token|hash|access_key|api_?key$|^key$|credential/i.test(name)

export const redacted = "[redacted]"

/** A copy of the summary with every secret field's value replaced, at any depth. */
export const redactSecrets = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redactSecrets)
  if (typeof value !== "object" || value === null) return value
  const copy: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) {
    copy[key] = isSecretField(key) ? redacted : redactSecrets(field)
  }
  return copy
}
