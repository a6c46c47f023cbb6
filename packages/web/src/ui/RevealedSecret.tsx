/**
 * A secret the service shows only once (a webhook's signing secret, an API key): the
 * warning that it will not be shown again, the value in a read-only field labelled
 * `texts.label`, masked until "Mostrar" (someone may be looking over the shoulder), and a
 * "Copiar" button whose outcome is announced. Where the clipboard cannot be written (a page
 * not served over HTTPS has no `navigator.clipboard`; a refused permission) the value is
 * shown and selected instead, ready for Ctrl+C or the phone's own "Copiar".
 */
import { useEffect, useId, useRef, useState } from "react"
import { Button } from "react-aria-components"

export interface RevealedSecretTexts {
  readonly label: string
  readonly once: string
  readonly show: string
  readonly hide: string
  readonly copy: string
  readonly copied: string
  readonly copyFailed: string
}

export const RevealedSecret = ({ value, texts }: { readonly value: string; readonly texts: RevealedSecretTexts }) => {
  const id = useId()
  const [shown, setShown] = useState(false)
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no")
  const field = useRef<HTMLInputElement>(null)
  // Once shown as text (a password field's value cannot be copied), select it.
  useEffect(() => {
    if (copied === "failed") field.current?.select()
  }, [copied])
  const selectByHand = () => {
    setShown(true)
    setCopied("failed")
    field.current?.focus()
  }
  const copy = () => {
    if (!("clipboard" in navigator)) return selectByHand()
    navigator.clipboard.writeText(value).then(() => setCopied("yes"), selectByHand)
  }
  return (
    <div className="revealed-secret stack">
      <p className="notice notice-warning">{texts.once}</p>
      <div className="secret-field">
        <label htmlFor={id}>{texts.label}</label>
        <input
          ref={field}
          id={id}
          className="input secret-value"
          type={shown ? "text" : "password"}
          value={value}
          readOnly
          autoComplete="off"
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <div className="row">
        <Button className="button secondary" onPress={() => setShown((now) => !now)}>{shown ? texts.hide : texts.show}</Button>
        <Button className="button primary" onPress={copy}>{texts.copy}</Button>
      </div>
      <p role="status" className={copied === "failed" ? "field-error" : "success-text"}>
        {copied === "yes" ? texts.copied : copied === "failed" ? texts.copyFailed : ""}
      </p>
    </div>
  )
}
