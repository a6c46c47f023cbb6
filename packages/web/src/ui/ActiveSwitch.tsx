/**
 * "Desactivar …" (or "Activar …" when it is inactive) for one thing a page shows (a
 * client, a company), confirmed in a dialog that says what follows; the service's
 * refusal stays in the dialog.
 */
import { useMutation } from "@tanstack/react-query"
import { useState } from "react"
import { Button } from "react-aria-components"
import { messages } from "../i18n/messages.ts"
import { ConfirmDialog } from "./ConfirmDialog.tsx"

export interface ActiveSwitchTexts {
  readonly deactivate: string
  readonly activate: string
  /** What deactivating does, asked before doing it. */
  readonly deactivateBody: string
  readonly activateBody: string
  readonly deactivated: string
  readonly activated: string
}

export const ActiveSwitch = ({ isActive, texts, onSwitch, onSwitched }: {
  readonly isActive: boolean
  readonly texts: ActiveSwitchTexts
  /** Sets the thing active or not through the API. */
  readonly onSwitch: (active: boolean) => Promise<unknown>
  readonly onSwitched: (announcement: string) => void
}) => {
  const [isOpen, setOpen] = useState(false)
  const switching = useMutation({
    mutationFn: () => onSwitch(!isActive),
    onSuccess: () => {
      setOpen(false)
      onSwitched(isActive ? texts.deactivated : texts.activated)
    }
  })
  const label = isActive ? texts.deactivate : texts.activate
  return (
    <>
      <Button
        className={isActive ? "button danger" : "button secondary"}
        onPress={() => {
          switching.reset()
          setOpen(true)
        }}
      >
        {label}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={label}
        body={isActive ? texts.deactivateBody : texts.activateBody}
        confirmLabel={label}
        pendingLabel={isActive ? messages.company.deactivating : messages.company.activating}
        tone={isActive ? "danger" : "primary"}
        isPending={switching.isPending}
        error={switching.error}
        onConfirm={() => switching.mutate()}
        onCancel={() => setOpen(false)}
      />
    </>
  )
}
