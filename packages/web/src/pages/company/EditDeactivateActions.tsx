/** A row's "Editar" and "Desactivar" buttons, each named after what it acts on. */
import { Button } from "react-aria-components"
import { messages } from "../../i18n/messages.ts"

export const EditDeactivateActions = ({ editLabel, deactivateLabel, onEdit, onDeactivate }: {
  readonly editLabel: string
  readonly deactivateLabel: string
  readonly onEdit: () => void
  readonly onDeactivate: () => void
}) => (
  <div className="row-actions">
    <Button className="button secondary small" aria-label={editLabel} onPress={onEdit}>{messages.company.edit}</Button>
    <Button className="button danger small" aria-label={deactivateLabel} onPress={onDeactivate}>{messages.company.deactivate}</Button>
  </div>
)
