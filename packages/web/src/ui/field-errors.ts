/**
 * Errors shown next to a form's fields: the form's own checks on submit and the service's
 * refusals (`VALIDATION_ERROR` with `details.issues`, each naming its field after
 * `payload`). Each error stays until its field is edited — not until it loses focus, so
 * that the page does not move under the pointer between pressing and releasing "Guardar".
 */
import { type FormEvent, type RefObject, useCallback, useEffect, useState } from "react"
import { ApiFailure } from "../api/failure.ts"

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/**
 * The fields a refused request names, each with the form's Spanish sentence for it (a
 * field the form does not show is left out: the notice above the form still says the
 * request was refused).
 */
export const fieldErrorsOf = <Field extends string>(
  failure: unknown,
  sentences: Readonly<Record<Field, string>>
): FieldErrors<Field> => {
  if (!(failure instanceof ApiFailure) || failure.code !== "VALIDATION_ERROR") return {}
  const issues = failure.details?.issues
  if (!Array.isArray(issues)) return {}
  const errors: FieldErrors<Field> = {}
  for (const issue of issues) {
    const path = isRecord(issue) && Array.isArray(issue.path) ? issue.path : []
    const field = path[0] === "payload" ? path[1] : undefined
    const known = Object.keys(sentences).find((name): name is Field => name === field)
    if (known !== undefined) errors[known] = sentences[known]
  }
  return errors
}

export const hasErrors = <Field extends string>(errors: FieldErrors<Field>): boolean =>
  Object.values(errors).some((error) => error !== undefined)

/**
 * A form's field errors: `show` them all at once (and move the focus to the first field
 * in error, so a screen reader reads its message), `clear` one as its field changes.
 */
export const useFieldErrors = <Field extends string>(form: RefObject<HTMLFormElement | null>) => {
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [shown, setShown] = useState(0)
  useEffect(() => {
    if (shown > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [shown, form])
  const show = useCallback((next: FieldErrors<Field>) => {
    setErrors(next)
    if (hasErrors(next)) setShown((count) => count + 1)
  }, [])
  const clear = useCallback((field: Field) =>
    setErrors((current) => {
      if (current[field] === undefined) return current
      const next = { ...current }
      delete next[field]
      return next
    }), [])
  return { errors, show, clear }
}

/**
 * A form's submit handler: the form's own checks first (their errors shown at once, the
 * focus on the first), else `send` (the request).
 */
export const checkedSubmit = <Field extends string>(
  show: (errors: FieldErrors<Field>) => void,
  check: () => FieldErrors<Field>,
  send: () => void
) =>
(event: FormEvent<HTMLFormElement>): void => {
  event.preventDefault()
  const problems = check()
  if (hasErrors(problems)) show(problems)
  else send()
}
