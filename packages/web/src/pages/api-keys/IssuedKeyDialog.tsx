/**
 * A key just created or rotated: its value, shown this once ("Llave nueva", with "Copiar
 * llave" and the warning that it will not be shown again), and after a rotation until
 * when the previous key still works. Only "Listo, ya la guardé" closes it — not a click
 * beside it nor Escape — so the value is not lost by accident.
 */
import { Button } from "react-aria-components"
import { formatDateTime } from "../../format.ts"
import { apiKeysMessages } from "../../i18n/api-keys-messages.ts"
import { ModalDialog } from "../../ui/ModalDialog.tsx"
import { RevealedSecret } from "../../ui/RevealedSecret.tsx"
import type { IssuedApiKey, RotatedApiKey } from "./api-key-queries.ts"

const text = apiKeysMessages.issued

export type Issued =
  | { readonly kind: "created"; readonly key: IssuedApiKey }
  | { readonly kind: "rotated"; readonly key: RotatedApiKey }

const PreviousKey = ({ rotated }: { readonly rotated: RotatedApiKey }) => {
  const until = rotated.previous.expiresAt
  const stillValid = until !== null && Date.parse(until) > Date.now()
  return <p>{stillValid ? text.previousUntil(formatDateTime(until)) : text.previousStopped}</p>
}

export const IssuedKeyDialog = ({ issued, onDone }: { readonly issued: Issued | undefined; readonly onDone: () => void }) => (
  <ModalDialog
    title={issued?.kind === "rotated" ? text.rotatedTitle : text.createdTitle}
    isOpen={issued !== undefined}
    onClose={onDone}
    isBusy
  >
    {issued !== undefined && (
      <>
        <p className="break-anywhere"><strong>{issued.key.name}</strong></p>
        <RevealedSecret value={issued.key.apiKey} texts={text} />
        {issued.kind === "rotated" && <PreviousKey rotated={issued.key} />}
        <div className="dialog-actions">
          <Button className="button primary" onPress={onDone}>{text.done}</Button>
        </div>
      </>
    )}
  </ModalDialog>
)
