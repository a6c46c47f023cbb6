/** A failed call, said in Spanish; an unexpected failure shows the request id for support. */
import { Button } from "react-aria-components"
import { describeFailure } from "../api/failure.ts"
import { messages } from "../i18n/messages.ts"

export const ErrorNotice = ({ error, onRetry }: { readonly error: unknown; readonly onRetry?: () => void }) => {
  const { sentence, requestId } = describeFailure(error)
  return (
    <div role="alert" className="notice notice-error">
      <p>{sentence}</p>
      {requestId !== undefined && <p className="muted">{messages.errors.requestId(requestId)}</p>}
      {onRetry !== undefined && <Button className="button secondary" onPress={onRetry}>{messages.app.retry}</Button>}
    </div>
  )
}
