/** One labelled checkbox (React Aria), styled like the checkbox groups, with an optional hint. */
import { Checkbox } from "react-aria-components"

export const CheckboxField = ({ label, hint, isSelected, onChange }: {
  readonly label: string
  readonly hint?: string
  readonly isSelected: boolean
  readonly onChange: (selected: boolean) => void
}) => (
  <Checkbox className="react-aria-Checkbox checkbox" isSelected={isSelected} onChange={onChange}>
    <span className="checkbox-box" aria-hidden="true" />
    <span className="checkbox-text">
      {label}
      {hint !== undefined && <span className="checkbox-hint">{hint}</span>}
    </span>
  </Checkbox>
)
