/** A labelled text input with its hint and its error beside it (React Aria TextField). */
import type { ReactNode } from "react"
import { FieldError, Input, Label, Text, TextField } from "react-aria-components"

export const TextInputField = ({ label, value, onChange, error, description, type = "text", isRequired = false, autoComplete, autoFocus = false }: {
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly error: string | undefined
  readonly description?: ReactNode
  readonly type?: "text" | "email" | "password" | "tel" | "url" | "datetime-local" | "date" | "time" | "number"
  readonly isRequired?: boolean
  readonly autoComplete?: string
  /** The first field of a dialog takes the focus when it opens. */
  readonly autoFocus?: boolean
}) => (
  <TextField
    value={value}
    onChange={onChange}
    type={type}
    isRequired={isRequired}
    isInvalid={error !== undefined}
    autoFocus={autoFocus}
    {...(autoComplete === undefined ? {} : { autoComplete })}
  >
    <Label>{label}</Label>
    <Input className="input" />
    {description !== undefined && <Text slot="description" className="muted small">{description}</Text>}
    <FieldError className="field-error">{error}</FieldError>
  </TextField>
)
