/** A labelled short list to pick from (the platform's select) with its hint under it. */
import { NativeSelect, type NativeSelectOption } from "../../ui/NativeSelect.tsx"

export const ChoiceField = ({ label, hint, options, value, onChange }: {
  readonly label: string
  readonly hint: string
  readonly options: ReadonlyArray<NativeSelectOption>
  readonly value: string
  readonly onChange: (id: string) => void
}) => (
  <div className="choice-field">
    <NativeSelect label={label} options={options} value={value} onChange={onChange} />
    <p className="muted small">{hint}</p>
  </div>
)
