/**
 * Queues notification e-mails under the spec's rule "E-mails are sent only if an
 * administrator notification address is configured". That sentence covers every
 * notification, so without `ADMIN_NOTIFICATION_EMAIL` nothing is queued at all, not
 * even the advisor's copy; a recipient that does not exist (a branch without advisor)
 * is skipped. Whether a queued e-mail is really sent (production) or only logged is the
 * dispatcher's transport, not this.
 *
 * Call `queue` inside the transaction of the change (`enqueueEmails` semantics).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SqlClient from "effect/sql/SqlClient"
import type { SqlError } from "effect/sql/SqlError"
import { AppConfig } from "@quote/core/shared/app-config"
import { type EmailKind, enqueueEmails, type OutgoingEmail } from "./email-outbox.ts"

/** Who receives a notification: the configured administrator address, or a person's address. */
export type Recipient =
  | { readonly _tag: "Administrator" }
  | { readonly _tag: "Address"; readonly address: string | null }

export const administrator: Recipient = { _tag: "Administrator" }
/** `null` (no such person, no address) queues nothing. */
export const address = (value: string | null): Recipient => ({ _tag: "Address", address: value })

export interface Notification {
  readonly kind: EmailKind
  readonly to: Recipient
  readonly subject: string
  readonly body: string
}

export class NotificationOutbox extends Context.Service<NotificationOutbox, {
  readonly queue: (notifications: ReadonlyArray<Notification>) => Effect.Effect<void, SqlError>
}>()("@quote/adapters/NotificationOutbox") {
  static readonly layer = Layer.effect(
    NotificationOutbox,
    Effect.gen(function*() {
      const { adminNotificationEmail } = yield* AppConfig
      const sql = yield* SqlClient.SqlClient
      const queue = Effect.fn("NotificationOutbox.queue")(function*(notifications: ReadonlyArray<Notification>) {
        if (Option.isNone(adminNotificationEmail)) return
        const emails = notifications.flatMap((notification): ReadonlyArray<OutgoingEmail> => {
          const to = notification.to._tag === "Administrator" ? adminNotificationEmail.value : notification.to.address
          return to === null || to.trim() === ""
            ? []
            : [{ kind: notification.kind, to, subject: notification.subject, body: notification.body }]
        })
        yield* enqueueEmails(emails).pipe(Effect.provideService(SqlClient.SqlClient, sql))
      })
      return NotificationOutbox.of({ queue })
    })
  )
}
