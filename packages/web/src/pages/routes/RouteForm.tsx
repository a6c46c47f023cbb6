/**
 * The route editor's fields, in three groups: the route (name, description, advisor), its
 * calendar (weekdays, frequency, reference date, cutoff days and time) and its zone
 * (city, quadrant, streets, map geometry). Controlled: the editor holds the draft, so
 * the preview beside it follows every keystroke.
 */
import { useQuery } from "@tanstack/react-query"
import { routeMessages, weekdayNames } from "../../i18n/operations-messages.ts"
import { CheckboxGroupField } from "../../ui/CheckboxGroupField.tsx"
import type { FieldErrors } from "../../ui/field-errors.ts"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { TextInputField } from "../../ui/TextInputField.tsx"
import { advisorsQuery } from "../users/user-queries.ts"
import type { CalendarField } from "./schedule-check.ts"
import { routeFrequencies, type RouteDraft, type RouteFrequency, type RouteJsonField, type RouteTextField } from "./route-draft.ts"

const text = routeMessages.form

export type RouteField = "name" | CalendarField | RouteJsonField

export interface RouteFormProps {
  readonly draft: RouteDraft
  /** A new route's form starts at its name; an existing one's leaves the focus where the page puts it. */
  readonly isNew: boolean
  readonly errors: FieldErrors<RouteField>
  /** Changes some fields (clearing their errors). */
  readonly onChange: (change: Partial<RouteDraft>, fields: ReadonlyArray<RouteField>) => void
}

const weekdayOptions = weekdayNames.map((name, index) => ({ id: String(index + 1), label: name }))

const isFrequency = (value: string): value is RouteFrequency => routeFrequencies.some((frequency) => frequency === value)

const zoneFields: ReadonlyArray<RouteTextField> = ["city", "quadrantId", "quadrantName", "mapZone", "streetFrom", "streetTo", "carreraFrom", "carreraTo"]

const AdvisorSelect = ({ value, onChange }: { readonly value: string; readonly onChange: (id: string) => void }) => {
  const advisors = useQuery(advisorsQuery)
  const known = advisors.data ?? []
  const options = [
    { id: "", label: routeMessages.noAdvisor },
    ...known.map((advisor) => ({ id: advisor.id, label: advisor.name })),
    // The route's advisor before the list arrives (or no longer an advisor).
    ...(value === "" || known.some((advisor) => advisor.id === value) ? [] : [{ id: value, label: value }])
  ]
  return <NativeSelect label={text.advisor} options={options} value={value} onChange={onChange} />
}

export const RouteFormFields = ({ draft, isNew, errors, onChange }: RouteFormProps) => {
  const set = <Key extends keyof RouteDraft>(key: Key, field?: RouteField) => (value: RouteDraft[Key]) =>
    onChange({ [key]: value } as Partial<RouteDraft>, field === undefined ? [] : [field])

  return (
    <>
      <fieldset className="form-group stack">
        <legend>{text.general}</legend>
        <TextInputField label={text.name} value={draft.name} onChange={set("name", "name")} error={errors.name} isRequired autoFocus={isNew} />
        <TextInputField label={text.description} value={draft.description} onChange={set("description")} error={undefined} />
        <AdvisorSelect value={draft.advisorId} onChange={set("advisorId")} />
      </fieldset>

      <fieldset className="form-group stack">
        <legend>{text.calendar}</legend>
        <CheckboxGroupField
          label={text.days}
          description={text.daysHint}
          options={weekdayOptions}
          value={draft.operationDays}
          onChange={set("operationDays", "operationDays")}
          error={errors.operationDays}
        />
        <NativeSelect
          label={text.frequency}
          options={routeFrequencies.map((frequency) => ({ id: frequency, label: text.frequencies[frequency] }))}
          value={draft.frequency}
          onChange={(value) => {
            if (isFrequency(value)) onChange({ frequency: value }, ["frequency", "anchorDate"])
          }}
        />
        {draft.frequency === "biweekly" && (
          <TextInputField
            type="date"
            label={text.anchorDate}
            description={text.anchorHint}
            value={draft.anchorDate}
            onChange={set("anchorDate", "anchorDate")}
            error={errors.anchorDate}
          />
        )}
        <div className="field-pair">
          <TextInputField
            type="number"
            label={text.cutoffDaysBefore}
            description={text.cutoffDaysHint}
            value={draft.cutoffDaysBefore}
            onChange={set("cutoffDaysBefore", "cutoffDaysBefore")}
            error={errors.cutoffDaysBefore}
          />
          <TextInputField
            type="time"
            label={text.cutoffTime}
            description={text.cutoffTimeHint}
            value={draft.cutoffTime}
            onChange={set("cutoffTime", "cutoffTime")}
            error={errors.cutoffTime}
          />
        </div>
      </fieldset>

      <fieldset className="form-group stack">
        <legend>{text.zone}</legend>
        <div className="field-pair">
          {zoneFields.map((field) => (
            <TextInputField key={field} label={text[field]} value={draft[field]} onChange={set(field)} error={undefined} />
          ))}
        </div>
        <TextInputField label={text.bounds} description={text.jsonHint} value={draft.bounds} onChange={set("bounds", "bounds")} error={errors.bounds} />
        <TextInputField label={text.center} description={text.jsonHint} value={draft.center} onChange={set("center", "center")} error={errors.center} />
      </fieldset>
    </>
  )
}
