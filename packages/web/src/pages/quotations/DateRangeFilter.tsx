/**
 * The list's "Desde" / "Hasta" filter on the creation day (inclusive Bogotá days, as the
 * service reads `dateFrom`/`dateTo`): the platform's own date fields (a phone's date
 * picker), each applied as soon as it holds a whole date. A range that ends before it
 * starts is explained and not applied.
 */
import { useEffect, useId, useState } from "react"
import { quotationMessages } from "../../i18n/quotations-messages.ts"
import { isCivilDate } from "./quotation-list-search.ts"

const text = quotationMessages.filters

const DateField = ({ label, value, onChange, errorId }: {
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly errorId: string | undefined
}) => {
  const id = useId()
  return (
    <div className="date-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errorId !== undefined}
        {...(errorId === undefined ? {} : { "aria-errormessage": errorId })}
      />
    </div>
  )
}

export const DateRangeFilter = ({ from, to, onChange }: {
  readonly from: string | undefined
  readonly to: string | undefined
  readonly onChange: (key: "desde" | "hasta", day: string | undefined) => void
}) => {
  const errorId = useId()
  const hintId = useId()
  const [draft, setDraft] = useState({ desde: from ?? "", hasta: to ?? "" })
  // Back/forward or a cleared filter replaces what is typed.
  useEffect(() => setDraft({ desde: from ?? "", hasta: to ?? "" }), [from, to])

  const reversed = isCivilDate(draft.desde) && isCivilDate(draft.hasta) && draft.desde > draft.hasta

  const change = (key: "desde" | "hasta", value: string) => {
    const next = { ...draft, [key]: value }
    setDraft(next)
    const upsideDown = isCivilDate(next.desde) && isCivilDate(next.hasta) && next.desde > next.hasta
    if (upsideDown) return
    if (value === "") onChange(key, undefined)
    else if (isCivilDate(value)) onChange(key, value)
  }

  return (
    <fieldset className="date-range" aria-describedby={hintId}>
      <legend>{text.dateRange}</legend>
      <div className="date-range-fields">
        <DateField label={text.dateFrom} value={draft.desde} onChange={(value) => change("desde", value)} errorId={undefined} />
        <DateField label={text.dateTo} value={draft.hasta} onChange={(value) => change("hasta", value)} errorId={reversed ? errorId : undefined} />
      </div>
      <p id={hintId} className="muted small">{text.dateHint}</p>
      {reversed && <p id={errorId} className="field-error">{text.datesReversed}</p>}
    </fieldset>
  )
}
