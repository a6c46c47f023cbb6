/**
 * An endpoint's new signing secret (after creating the endpoint or changing the secret),
 * shown only this once, with anything more to say about it and "Ya lo guardé".
 */
import type { ReactNode } from "react"
import { Button } from "react-aria-components"
import { webhookMessages } from "../../i18n/webhooks-messages.ts"
import { RevealedSecret } from "../../ui/RevealedSecret.tsx"

export const EndpointSecret = ({ secret, onDone, children }: {
  readonly secret: string
  readonly onDone: () => void
  readonly children?: ReactNode
}) => (
  <>
    <RevealedSecret value={secret} texts={webhookMessages.secret} />
    {children}
    <div className="dialog-actions">
      <Button className="button primary" onPress={onDone}>{webhookMessages.secret.done}</Button>
    </div>
  </>
)
