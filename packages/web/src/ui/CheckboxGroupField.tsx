/**
 * A labelled group of checkboxes (React Aria CheckboxGroup): each option a checkbox named
 * by its label, with an optional line under it — part of its name, or with
 * `detailDescribes` only its description (aria-describedby), so the checkbox is named
 * exactly by its label (a scope's checkbox is "quotations:write"); the group's hint and its error below. The
 * whole row is the checkbox's hit area (at least 44 px tall, for a thumb).
 */
import { type ReactNode, useId } from "react"
import { Checkbox, CheckboxGroup, FieldError, Label, Text } from "react-aria-components"

export interface CheckboxOption {
  readonly id: string
  readonly label: string
  /** A second, quieter line (e.g. the technical name). */
  readonly detail?: string
}

export const CheckboxGroupField = ({ label, options, value, onChange, error, description, isDisabled = false, detailDescribes = false }: {
  readonly label: string
  readonly options: ReadonlyArray<CheckboxOption>
  readonly value: ReadonlyArray<string>
  readonly onChange: (value: Array<string>) => void
  readonly error: string | undefined
  readonly description?: ReactNode
  readonly isDisabled?: boolean
  /** The detail line describes the checkbox rather than being part of its name. */
  readonly detailDescribes?: boolean
}) => {
  const detailIdPrefix = useId()
  return (
    <CheckboxGroup
      className="react-aria-CheckboxGroup checkbox-group"
      value={[...value]}
      onChange={onChange}
      isInvalid={error !== undefined}
      isDisabled={isDisabled}
    >
      <Label>{label}</Label>
      {description !== undefined && <Text slot="description" className="muted small">{description}</Text>}
      <div className="checkbox-options">
        {options.map((option) => (
          <Checkbox
            key={option.id}
            value={option.id}
            className="react-aria-Checkbox checkbox"
            {...(detailDescribes && option.detail !== undefined
              ? { "aria-label": option.label, "aria-describedby": `${detailIdPrefix}-${option.id}` }
              : {})}
          >
            <span className="checkbox-box" aria-hidden="true" />
            <span className="checkbox-text">
              {option.label}
              {option.detail !== undefined && <span className="checkbox-detail" id={`${detailIdPrefix}-${option.id}`}>{option.detail}</span>}
            </span>
          </Checkbox>
        ))}
      </div>
      <FieldError className="field-error">{error}</FieldError>
    </CheckboxGroup>
  )
}
