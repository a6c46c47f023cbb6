/**
 * The confirmation before an item of a managed list is deactivated (or activated again,
 * where the list allows it), with the refusal, if any.
 */
import { messages } from "../i18n/messages.ts"
import { ConfirmDialog } from "./ConfirmDialog.tsx"
import type { ManagedItems } from "./use-managed-items.ts"

export interface ConfirmTexts<Item> {
  readonly title: string
  readonly body: (item: Item) => string
}

export const ConfirmDeactivation = <Item,>({ managed, title, body, activation }: {
  readonly managed: ManagedItems<Item>
  readonly title: string
  readonly body: (item: Item) => string
  /** The texts of the confirmation to activate an inactive item. */
  readonly activation?: ConfirmTexts<Item>
}) => {
  const { dialog, deactivation, close } = managed
  const switching = dialog?.kind === "deactivate" || dialog?.kind === "activate" ? dialog : undefined
  const activating = switching?.kind === "activate" && activation !== undefined
  return (
    <ConfirmDialog
      isOpen={switching !== undefined}
      title={activating ? activation.title : title}
      body={switching === undefined ? "" : activating ? activation.body(switching.item) : body(switching.item)}
      confirmLabel={activating ? messages.company.activate : messages.company.deactivate}
      pendingLabel={activating ? messages.company.activating : messages.company.deactivating}
      tone={activating ? "primary" : "danger"}
      isPending={deactivation.isPending}
      error={deactivation.error}
      onConfirm={() => switching !== undefined && deactivation.mutate(switching)}
      onCancel={close}
    />
  )
}
