/**
 * `@quote/core`: the pure domain of the quotation service. No I/O: no database, no
 * HTTP, no file system; `node:crypto` only for random key material and HMAC.
 * Each module can also be imported alone, e.g. `@quote/core/webhooks/webhook-signature` or
 * `@quote/core/calendar/cutoff`.
 */
export * from "./shared/errors.ts"
export * from "./auth/errors.ts"
export * from "./companies/errors.ts"
export * from "./clients/errors.ts"
export * from "./catalog/errors.ts"
export * from "./routes/errors.ts"
export * from "./quotations/errors.ts"
export * from "./users/errors.ts"
export * from "./my-company/errors.ts"
export * from "./webhooks/errors.ts"
export * from "./erp/errors.ts"
export * from "./mail/errors.ts"
export * from "./shared/instant.ts"

export * from "./calendar/civil-date.ts"
export * from "./calendar/bogota-time.ts"
export * from "./calendar/schedule.ts"
export * from "./calendar/spanish.ts"
export * from "./calendar/label.ts"
export * from "./calendar/cutoff.ts"
export * from "./calendar/cutoff-message.ts"
export * from "./calendar/cutoff-status.ts"
export * from "./calendar/epoch-millis.ts"
export * from "./calendar/iso-instant.ts"
export * from "./preview.ts"

export * from "./pricing/pricing.ts"
export * from "./clients/phone.ts"
export * from "./api-keys/api-key-state.ts"
export * from "./quotations/quotation-status.ts"
export * from "./webhooks/webhook-delivery-state.ts"
export * from "./webhooks/webhook-signature.ts"
export * from "./webhooks/webhook-target.ts"
export * from "./shared/secrets.ts"

export * from "./shared/patch.ts"
export * from "./users/role-policy.ts"
export * from "./advisor/advisor-scope.ts"
export * from "./catalog/promotion-rules.ts"
export * from "./quotations/quotation-lines.ts"
export * from "./stats/reporting-period.ts"
export * from "./mail/email-retry-policy.ts"
