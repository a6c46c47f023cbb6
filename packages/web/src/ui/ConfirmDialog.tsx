/**
 * "¿Seguro?" before an action that cannot be undone from the console (deactivating a
 * branch or a user). The service's refusal (e.g. the last branch) is shown inside the
 * dialog, which stays open until "Cancelar".
 */
import { Button } from "react-aria-components"
import { messages } from "../i18n/messages.ts"
import { ErrorNotice } from "./ErrorNotice.tsx"
import { ModalDialog } from "./ModalDialog.tsx"

export const ConfirmDialog = ({ title, body, confirmLabel, pendingLabel, tone = "danger", isOpen, isPending, error, onConfirm, onCancel }: {
  readonly title: string
  readonly body: string
  readonly confirmLabel: string
  readonly pendingLabel: string
  /** "danger" (red) for what takes something away; "primary" for what gives it back (activating). */
  readonly tone?: "danger" | "primary"
  readonly isOpen: boolean
  readonly isPending: boolean
  readonly error: unknown
  readonly onConfirm: () => void
  readonly onCancel: () => void
}) => (
  <ModalDialog title={title} isOpen={isOpen} onClose={onCancel} isBusy={isPending} role="alertdialog">
    <p>{body}</p>
    {error !== null && error !== undefined && <ErrorNotice error={error} />}
    <div className="dialog-actions">
      <Button className="button secondary" onPress={onCancel} isDisabled={isPending} autoFocus>{messages.forms.cancel}</Button>
      <Button className={`button ${tone}`} onPress={onConfirm} isDisabled={isPending}>
        {isPending ? pendingLabel : confirmLabel}
      </Button>
    </div>
  </ModalDialog>
)
