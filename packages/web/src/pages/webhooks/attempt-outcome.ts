/** What one delivery attempt (a test event, a retry) came to, in words for the status line. */
import type { components } from "../../api/schema"
import { webhookMessages } from "../../i18n/webhooks-messages.ts"

type AttemptResult = components["schemas"]["WebhookAttemptResult"]

export const attemptOutcome = (result: AttemptResult): { readonly ok: boolean; readonly detail: string } => ({
  ok: result.ok,
  detail: result.statusCode === null
    ? result.error === null ? webhookMessages.test.noAnswer : webhookMessages.test.noAnswerBecause(result.error)
    : webhookMessages.test.answered(result.statusCode)
})
