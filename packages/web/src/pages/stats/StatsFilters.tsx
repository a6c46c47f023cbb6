/**
 * The figures' filters: the creation dates counted ("Desde", "Hasta": the platform's date
 * pickers) and, for an admin, "Asesor" (the back office's advisor filter). Each change
 * goes to the URL at once, so the view can be shared and the back button undoes it.
 */
import { Link } from "@tanstack/react-router"
import { useId } from "react"
import { statsMessages } from "../../i18n/stats-messages.ts"
import { AdvisorFilter } from "../users/AdvisorFilter.tsx"
import { isCivilDate, isInvertedRange, type StatsSearch } from "./stats-search.ts"

const text = statsMessages.filters

const DateField = ({ label, value, describedBy, isInvalid, onChange }: {
  readonly label: string
  readonly value: string | undefined
  readonly describedBy: string
  readonly isInvalid: boolean
  readonly onChange: (value: string | undefined) => void
}) => {
  const id = useId()
  return (
    <div className="native-select">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        className="input"
        value={value ?? ""}
        aria-describedby={describedBy}
        aria-invalid={isInvalid || undefined}
        onChange={(event) => {
          const next = event.target.value
          if (next === "" || isCivilDate(next)) onChange(next === "" ? undefined : next)
        }}
      />
    </div>
  )
}

export const StatsFilters = ({ search, isAdmin, onChange }: {
  readonly search: StatsSearch
  readonly isAdmin: boolean
  readonly onChange: (next: StatsSearch) => void
}) => {
  const hintId = useId()
  const inverted = isInvertedRange(search)
  const set = (field: keyof StatsSearch) => (value: string | undefined) => {
    const { [field]: _, ...rest } = search
    onChange(value === undefined ? rest : { ...rest, [field]: value })
  }
  const filtered = search.desde !== undefined || search.hasta !== undefined || search.asesor !== undefined
  return (
    <section className="card stats-filters" aria-label={text.label}>
      <div className="stats-filter-fields">
        <DateField label={text.from} value={search.desde} describedBy={hintId} isInvalid={inverted} onChange={set("desde")} />
        <DateField label={text.to} value={search.hasta} describedBy={hintId} isInvalid={inverted} onChange={set("hasta")} />
        {isAdmin && <AdvisorFilter value={search.asesor} onChange={set("asesor")} />}
      </div>
      {inverted
        ? <p id={hintId} role="alert" className="field-error">{text.rangeInverted}</p>
        : <p id={hintId} className="muted small">{text.rangeHint}</p>}
      {filtered && <Link to="/estadisticas" search={{}} className="button secondary stats-clear">{text.clear}</Link>}
    </section>
  )
}
