/** An endpoint's state in a word: active, inactive (switched off by hand) or disabled by the service. */
import { webhookMessages } from "../../i18n/webhooks-messages.ts"
import type { WebhookEndpoint } from "./webhook-queries.ts"

export const EndpointStateBadge = ({ endpoint }: { readonly endpoint: WebhookEndpoint }) =>
  endpoint.active
    ? <span className="badge badge-approved">{webhookMessages.state.active}</span>
    : endpoint.disabledReason !== null
    ? <span className="badge badge-rejected">{webhookMessages.state.disabled}</span>
    : <span className="badge badge-draft">{webhookMessages.state.inactive}</span>
