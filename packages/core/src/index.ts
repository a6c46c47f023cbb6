/**
 * `@quote/core`: the pure domain of the quotation service. No I/O: no database, no
 * HTTP, no file system; `node:crypto` only for random key material and HMAC.
 * Each module can also be imported alone, e.g. `@quote/core/webhook-signature` or
 * `@quote/core/calendar/cutoff`.
 */
export * from "./errors/common.ts"
export * from "./errors/auth.ts"
export * from "./errors/companies.ts"
export * from "./errors/clients.ts"
export * from "./errors/catalog.ts"
export * from "./errors/routes.ts"
export * from "./errors/quotations.ts"
export * from "./errors/users.ts"
export * from "./errors/my-company.ts"
export * from "./errors/webhooks.ts"
export * from "./errors/erp.ts"
export * from "./errors/mail.ts"
export * from "./instant.ts"

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

export * from "./pricing.ts"
export * from "./phone.ts"
export * from "./api-key-state.ts"
export * from "./quotation-status.ts"
export * from "./webhook-delivery-state.ts"
export * from "./webhook-signature.ts"
export * from "./webhook-target.ts"
export * from "./secrets.ts"

export * from "./patch.ts"
export * from "./users/role-policy.ts"
export * from "./advisor/advisor-scope.ts"
export * from "./catalog/promotion-rules.ts"
export * from "./quotations/quotation-lines.ts"
export * from "./stats/reporting-period.ts"
export * from "./mail/email-retry-policy.ts"
