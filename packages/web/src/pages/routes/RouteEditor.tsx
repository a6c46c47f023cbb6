/**
 * The route editor: the form beside its live preview. "Crear ruta" / "Guardar cambios"
 * first checks what the service would refuse — a blank name, an unusable calendar (the
 * preview's own check, its sentence beside the field), map JSON that does not parse —
 * then sends a new route whole, or only what changed in an existing one. The service's
 * refusals are said the same way (an `INVALID_SCHEDULE` by its reason).
 */
import { useMutation } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { type FormEvent, useMemo, useRef, useState } from "react"
import { Button, Form } from "react-aria-components"
import { type UncheckedSchedule } from "@quote/core/preview"
import { ApiFailure } from "../../api/failure.ts"
import { messages } from "../../i18n/messages.ts"
import { routeMessages } from "../../i18n/operations-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { type FieldErrors, fieldErrorsOf, hasErrors, useFieldErrors } from "../../ui/field-errors.ts"
import { useNow } from "../order/use-now.ts"
import { createBody, draftOf, invalidJsonFields, newRouteDraft, patchBody, type Route, type RouteDraft, scheduleOf } from "./route-draft.ts"
import { type RouteField, RouteFormFields } from "./RouteForm.tsx"
import { createRoute, updateRoute } from "./route-queries.ts"
import { checkSchedule, type ScheduleProblem } from "./schedule-check.ts"
import { SchedulePreview } from "./SchedulePreview.tsx"

const text = routeMessages

/** The preview at the browser's now, moving with the clock (a window opens or closes while one looks). */
const LivePreview = ({ schedule }: { readonly schedule: UncheckedSchedule }) => {
  const now = useNow(1_000)
  return <SchedulePreview check={checkSchedule(schedule, now)} />
}

const problemError = (problem: ScheduleProblem): FieldErrors<RouteField> => ({ [problem.field]: problem.sentence })

/** A refusal's field errors: an unusable calendar by its reason, a field the service named. */
const refusalErrors = (failure: unknown, schedule: UncheckedSchedule): FieldErrors<RouteField> => {
  if (failure instanceof ApiFailure && failure.code === "INVALID_SCHEDULE") {
    const check = checkSchedule(schedule, Date.now())
    return check.valid ? {} : problemError(check.problem)
  }
  return fieldErrorsOf(failure, {
    name: text.form.nameRequired,
    operationDays: messages.forms.invalid,
    frequency: messages.forms.invalid,
    anchorDate: messages.forms.invalid,
    cutoffDaysBefore: messages.forms.invalid,
    cutoffTime: messages.forms.invalid,
    bounds: text.form.invalidJson,
    center: text.form.invalidJson
  })
}

export const RouteEditor = ({ route, onSaved }: {
  /** The route to edit; absent to create one. */
  readonly route: Route | undefined
  readonly onSaved: (routeId: string, announcement: string) => void
}) => {
  const saved = useMemo(() => (route === undefined ? newRouteDraft : draftOf(route)), [route])
  const [draft, setDraft] = useState<RouteDraft>(saved)
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<RouteField>(form)
  const schedule = scheduleOf(draft)

  const save = useMutation({
    mutationFn: async () => {
      const name = draft.name.trim()
      if (route === undefined) {
        const { id } = await createRoute(createBody(draft))
        return { id, announcement: text.created(name) }
      }
      await updateRoute(route.id, patchBody(draft, saved))
      return { id: route.id, announcement: text.saved(name) }
    },
    onSuccess: ({ id, announcement }) => onSaved(id, announcement),
    onError: (failure) => fields.show(refusalErrors(failure, schedule))
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const check = checkSchedule(schedule, Date.now())
    const errors: FieldErrors<RouteField> = {
      ...(draft.name.trim() === "" ? { name: text.form.nameRequired } : {}),
      ...(check.valid ? {} : problemError(check.problem)),
      ...Object.fromEntries(invalidJsonFields(draft).map((field) => [field, text.form.invalidJson]))
    }
    if (hasErrors(errors)) return fields.show(errors)
    save.mutate()
  }

  const change = (next: Partial<RouteDraft>, changed: ReadonlyArray<RouteField>) => {
    setDraft((current) => ({ ...current, ...next }))
    for (const field of changed) fields.clear(field)
  }

  return (
    <div className="route-editor">
      <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack route-form" aria-label={text.form.label}>
        {save.isError && <ErrorNotice error={save.error} />}
        {hasErrors(fields.errors) && <p className="field-error">{text.fixFields}</p>}
        <RouteFormFields draft={draft} isNew={route === undefined} errors={fields.errors} onChange={change} />
        <div className="dialog-actions">
          <Link to="/rutas" className="button secondary">{messages.forms.cancel}</Link>
          <Button type="submit" className="button primary" isDisabled={save.isPending}>
            {route === undefined ? (save.isPending ? text.creating : text.create) : (save.isPending ? text.saving : text.save)}
          </Button>
        </div>
      </Form>
      <LivePreview schedule={schedule} />
    </div>
  )
}
