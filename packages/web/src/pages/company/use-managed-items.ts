/**
 * The dialog state of a list the user manages (Mi empresa's branches and users): which
 * dialog is open — adding, editing or deactivating an item — and the deactivation itself,
 * each outcome announced through `onChanged`.
 */
import { useMutation } from "@tanstack/react-query"
import { useState } from "react"

export type ManagedDialog<Item> =
  | { readonly kind: "add" }
  | { readonly kind: "edit"; readonly item: Item }
  | { readonly kind: "deactivate"; readonly item: Item }

export type ManagedItems<Item> = ReturnType<typeof useManagedItems<Item>>

export const useManagedItems = <Item>({ deactivate, deactivated, onChanged }: {
  /** Deactivates the item through the API. */
  readonly deactivate: (item: Item) => Promise<unknown>
  /** The announcement once it is deactivated. */
  readonly deactivated: (item: Item) => string
  readonly onChanged: (announcement: string) => void
}) => {
  const [dialog, setDialog] = useState<ManagedDialog<Item> | undefined>(undefined)
  const deactivation = useMutation({
    mutationFn: deactivate,
    onSuccess: (_, item) => {
      setDialog(undefined)
      onChanged(deactivated(item))
    }
  })
  return {
    dialog,
    /** The add or edit form is open. */
    formOpen: dialog?.kind === "add" || dialog?.kind === "edit",
    /** The item the form edits; undefined when it adds one. */
    editing: dialog?.kind === "edit" ? dialog.item : undefined,
    deactivation,
    open: (next: ManagedDialog<Item>) => {
      deactivation.reset()
      setDialog(next)
    },
    close: () => setDialog(undefined),
    saved: (announcement: string) => {
      setDialog(undefined)
      onChanged(announcement)
    }
  }
}
