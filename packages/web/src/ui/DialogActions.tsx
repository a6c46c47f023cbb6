/**
 * The foot of a form in a dialog: "Cancelar" and "Guardar" ("Guardando…" while it saves),
 * or the form's own verb (`submitLabel`, `savingLabel`: "Recuperar", "Recuperando…").
 */
import { Button } from "react-aria-components"
import { messages } from "../i18n/messages.ts"

export const DialogActions = ({ onCancel, isSaving, submitLabel = messages.forms.save, savingLabel = messages.forms.saving }: {
  readonly onCancel: () => void
  readonly isSaving: boolean
  readonly submitLabel?: string
  readonly savingLabel?: string
}) => (
  <div className="dialog-actions">
    <Button className="button secondary" onPress={onCancel} isDisabled={isSaving}>{messages.forms.cancel}</Button>
    <Button type="submit" className="button primary" isDisabled={isSaving}>
      {isSaving ? savingLabel : submitLabel}
    </Button>
  </div>
)
