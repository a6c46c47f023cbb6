/**
 * A labelled native `<select>`: the platform's own accessible chooser (role combobox; on a
 * phone the system picker, easiest to use by touch). The ordering page uses it instead of
 * React Aria's Select/ComboBox, whose collection and overlay code would cost that page
 * ~30 KB gzip of its 150 KB budget (docs/console.md).
 */
import { useId } from "react"

export interface NativeSelectOption {
  readonly id: string
  readonly label: string
}

export const NativeSelect = ({ label, options, value, onChange, className, error, isRequired = false }: {
  readonly label: string
  readonly options: ReadonlyArray<NativeSelectOption>
  readonly value: string
  readonly onChange: (id: string) => void
  readonly className?: string
  /** A form's error for the choice, shown under it and announced with it. */
  readonly error?: string | undefined
  readonly isRequired?: boolean
}) => {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={className === undefined ? "native-select" : `native-select ${className}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={error === undefined ? undefined : errorId}
        aria-required={isRequired ? true : undefined}
      >
        {options.map((option) => <option key={option.id} value={option.id}>{option.label}</option>)}
      </select>
      {error !== undefined && <p id={errorId} className="field-error">{error}</p>}
    </div>
  )
}
