/**
 * The dialog state of a list the user manages (Mi empresa's branches and users, the back
 * office's companies, branches and users): which dialog is open — adding, editing,
 * deactivating or activating an item — and the (de)activation itself, each outcome
 * announced through `onChanged`.
 */
import { useMutation } from "@tanstack/react-query"
import { useState } from "react"

export type ManagedDialog<Item> =
  | { readonly kind: "add" }
  | { readonly kind: "edit"; readonly item: Item }
  | { readonly kind: "deactivate"; readonly item: Item }
  | { readonly kind: "activate"; readonly item: Item }

/** A confirmed switch of an item: off (deactivate) or back on (activate). */
export type ManagedSwitch<Item> = Extract<ManagedDialog<Item>, { readonly kind: "deactivate" | "activate" }>

export type ManagedItems<Item> = ReturnType<typeof useManagedItems<Item>>

export const useManagedItems = <Item>({ deactivate, deactivated, activation, onChanged }: {
  /** Deactivates the item through the API. */
  readonly deactivate: (item: Item) => Promise<unknown>
  /** The announcement once it is deactivated. */
  readonly deactivated: (item: Item) => string
  /** Where an inactive item can be switched back on: how, and the announcement. */
  readonly activation?: {
    readonly activate: (item: Item) => Promise<unknown>
    readonly activated: (item: Item) => string
  }
  readonly onChanged: (announcement: string) => void
}) => {
  const [dialog, setDialog] = useState<ManagedDialog<Item> | undefined>(undefined)
  const deactivation = useMutation({
    mutationFn: ({ kind, item }: ManagedSwitch<Item>) =>
      kind === "activate" && activation !== undefined ? activation.activate(item) : deactivate(item),
    onSuccess: (_, { kind, item }) => {
      setDialog(undefined)
      onChanged(kind === "activate" && activation !== undefined ? activation.activated(item) : deactivated(item))
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
