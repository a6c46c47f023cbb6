/**
 * What an admin does to the thing a page shows (a client, a company): "Editar …", which
 * opens its form, and "Desactivar …"/"Activar …" (confirmed).
 */
import { type ReactNode, useState } from "react"
import { Button } from "react-aria-components"
import { ActiveSwitch, type ActiveSwitchTexts } from "./ActiveSwitch.tsx"

export const RecordActions = ({ editLabel, editDialog, isActive, switchTexts, onSwitch, onChanged }: {
  readonly editLabel: string
  /** The edit form's dialog: open or not, and how it closes itself. */
  readonly editDialog: (isOpen: boolean, close: () => void) => ReactNode
  readonly isActive: boolean
  readonly switchTexts: ActiveSwitchTexts
  readonly onSwitch: (active: boolean) => Promise<unknown>
  readonly onChanged: (announcement: string) => void
}) => {
  const [editing, setEditing] = useState(false)
  return (
    <div className="row">
      <Button className="button secondary" onPress={() => setEditing(true)}>{editLabel}</Button>
      <ActiveSwitch isActive={isActive} texts={switchTexts} onSwitch={onSwitch} onSwitched={onChanged} />
      {editDialog(editing, () => setEditing(false))}
    </div>
  )
}
