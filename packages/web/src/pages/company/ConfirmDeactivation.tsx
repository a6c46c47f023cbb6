/** The confirmation before an item of a managed list is deactivated, with the refusal, if any. */
import { messages } from "../../i18n/messages.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import type { ManagedItems } from "./use-managed-items.ts"

export const ConfirmDeactivation = <Item,>({ managed, title, body }: {
  readonly managed: ManagedItems<Item>
  readonly title: string
  readonly body: (item: Item) => string
}) => {
  const { dialog, deactivation, close } = managed
  const item = dialog?.kind === "deactivate" ? dialog.item : undefined
  return (
    <ConfirmDialog
      isOpen={item !== undefined}
      title={title}
      body={item === undefined ? "" : body(item)}
      confirmLabel={messages.company.deactivate}
      pendingLabel={messages.company.deactivating}
      isPending={deactivation.isPending}
      error={deactivation.error}
      onConfirm={() => item !== undefined && deactivation.mutate(item)}
      onCancel={close}
    />
  )
}
