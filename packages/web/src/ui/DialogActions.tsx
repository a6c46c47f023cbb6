/** The foot of a form in a dialog: "Cancelar" and "Guardar" ("Guardando…" while it saves). */
import { Button } from "react-aria-components"
import { messages } from "../i18n/messages.ts"

export const DialogActions = ({ onCancel, isSaving }: { readonly onCancel: () => void; readonly isSaving: boolean }) => (
  <div className="dialog-actions">
    <Button className="button secondary" onPress={onCancel} isDisabled={isSaving}>{messages.forms.cancel}</Button>
    <Button type="submit" className="button primary" isDisabled={isSaving}>
      {isSaving ? messages.forms.saving : messages.forms.save}
    </Button>
  </div>
)
