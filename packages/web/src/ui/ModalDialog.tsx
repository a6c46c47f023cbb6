/**
 * A modal dialog (React Aria: focus kept inside, Escape closes, focus returns to what
 * opened it) titled by its heading. While `isBusy` (a request in flight) it cannot be
 * dismissed, so an answer never arrives to a closed form.
 */
import type { ReactNode } from "react"
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components"

export interface ModalDialogProps {
  readonly title: string
  readonly isOpen: boolean
  readonly onClose: () => void
  readonly isBusy?: boolean
  /** `alertdialog` for a confirmation that interrupts. */
  readonly role?: "dialog" | "alertdialog"
  readonly children: ReactNode
}

export const ModalDialog = ({ title, isOpen, onClose, isBusy = false, role = "dialog", children }: ModalDialogProps) => (
  <ModalOverlay
    isOpen={isOpen}
    onOpenChange={(open) => {
      if (!open) onClose()
    }}
    isDismissable={!isBusy}
    isKeyboardDismissDisabled={isBusy}
  >
    <Modal>
      <Dialog role={role} className="react-aria-Dialog stack">
        <Heading slot="title" level={2}>{title}</Heading>
        {children}
      </Dialog>
    </Modal>
  </ModalOverlay>
)
