/**
 * Notification e-mails are written to `email_outbox` in the same transaction as the
 * change that causes them, so a rolled-back change sends nothing and a committed one is
 * never lost; the mailer sends them after commit and retries failures.
 */
import * as Array from "effect/Array"
import * as Effect from "effect/Effect"
import * as SqlClient from "effect/sql/SqlClient"

export type EmailKind =
  | "new_registration"
  | "new_assigned_client"
  | "company_created"
  | "advisor_assigned_to_advisor"
  | "advisor_assigned_to_company"
  | "webhook_endpoint_disabled"

export interface OutgoingEmail {
  readonly kind: EmailKind
  readonly to: string
  readonly subject: string
  readonly body: string
}

/** Queues e-mails inside the caller's transaction (use it within `sql.withTransaction`). */
export const enqueueEmails = Effect.fnUntraced(function*(emails: ReadonlyArray<OutgoingEmail>) {
  if (!Array.isReadonlyArrayNonEmpty(emails)) return
  const sql = yield* SqlClient.SqlClient
  yield* sql`insert into email_outbox ${
    sql.insert(Array.map(emails, (email) => ({
      kind: email.kind,
      to_address: email.to,
      subject: email.subject,
      body: email.body
    })))
  }`
  yield* sql`select pg_notify('email_outbox', '')`
})
