/**
 * A row's actions cell: "Editar" and "Desactivar" (or "Activar" for an inactive item, where
 * the list offers it), each named after what it acts on.
 */
import { Button } from "react-aria-components"
import { messages } from "../i18n/messages.ts"
import type { ManagedDialog } from "./use-managed-items.ts"

export const EditDeactivateActions = <Item,>({ item, name, texts, open, isActive = true }: {
  readonly item: Item
  /** The item's name, in the buttons' accessible names. */
  readonly name: string
  readonly texts: {
    readonly editLabel: (name: string) => string
    readonly deactivateLabel: (name: string) => string
    readonly activateLabel?: (name: string) => string
  }
  readonly open: (dialog: ManagedDialog<Item>) => void
  /** An inactive item offers "Activar" instead of "Desactivar" (when `texts.activateLabel` is given). */
  readonly isActive?: boolean
}) => (
  <td className="actions-cell">
    <div className="row-actions">
      <Button className="button secondary small" aria-label={texts.editLabel(name)} onPress={() => open({ kind: "edit", item })}>
        {messages.company.edit}
      </Button>
      {!isActive && texts.activateLabel !== undefined
        ? (
          <Button className="button secondary small" aria-label={texts.activateLabel(name)} onPress={() => open({ kind: "activate", item })}>
            {messages.company.activate}
          </Button>
        )
        : (
          <Button className="button danger small" aria-label={texts.deactivateLabel(name)} onPress={() => open({ kind: "deactivate", item })}>
            {messages.company.deactivate}
          </Button>
        )}
    </div>
  </td>
)
