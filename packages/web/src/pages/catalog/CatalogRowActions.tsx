/**
 * What a price list or a promotion row offers: "Editar" (its form) and "Eliminar" (a
 * confirmation first), each named after the item — and that confirmation, which says
 * what follows and keeps the service's refusal (e.g. the general list) in the dialog.
 */
import { Button } from "react-aria-components"
import { catalogMessages } from "../../i18n/operations-messages.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import type { ManagedItems } from "../../ui/use-managed-items.ts"

const text = catalogMessages

export interface RowActionTexts {
  readonly editLabel: (name: string) => string
  readonly deleteLabel: (name: string) => string
}

export const CatalogRowActions = <Item,>({ item, name, texts, managed }: {
  readonly item: Item
  readonly name: string
  readonly texts: RowActionTexts
  readonly managed: ManagedItems<Item>
}) => (
  <td className="actions-cell">
    <div className="row-actions">
      <Button className="button secondary small" aria-label={texts.editLabel(name)} onPress={() => managed.open({ kind: "edit", item })}>
        {text.edit}
      </Button>
      <Button className="button danger small" aria-label={texts.deleteLabel(name)} onPress={() => managed.open({ kind: "deactivate", item })}>
        {text.delete}
      </Button>
    </div>
  </td>
)

/** The "Eliminar" confirmation of a managed list whose removal is a deletion. */
export const ConfirmDelete = <Item,>({ managed, title, body }: {
  readonly managed: ManagedItems<Item>
  readonly title: string
  readonly body: (item: Item) => string
}) => {
  const item = managed.dialog?.kind === "deactivate" ? managed.dialog.item : undefined
  return (
    <ConfirmDialog
      isOpen={item !== undefined}
      title={title}
      body={item === undefined ? "" : body(item)}
      confirmLabel={text.delete}
      pendingLabel={text.deleting}
      isPending={managed.deactivation.isPending}
      error={managed.deactivation.error}
      onConfirm={() => item !== undefined && managed.deactivation.mutate({ kind: "deactivate", item })}
      onCancel={managed.close}
    />
  )
}
