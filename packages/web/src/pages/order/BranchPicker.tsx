/**
 * Which branch the order is for: a "Sucursal" combobox when the company has several active
 * branches (typing filters them), just the branch's name when it has one.
 */
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from "react-aria-components"
import { messages } from "../../i18n/messages.ts"
import type { Branch } from "./order-queries.ts"

const text = messages.order.branch

const branchLabel = (branch: Branch): string =>
  branch.city === null ? branch.name : `${branch.name} (${branch.city})`

export const BranchPicker = ({ branches, selectedId, onSelect }: {
  readonly branches: ReadonlyArray<Branch>
  readonly selectedId: string
  readonly onSelect: (branchId: string) => void
}) => {
  const only = branches.length === 1 ? branches[0] : undefined
  if (only !== undefined) {
    return (
      <p className="branch-single">
        <span className="muted">{text.single}</span> <strong>{branchLabel(only)}</strong>
      </p>
    )
  }
  return (
    <ComboBox
      className="react-aria-ComboBox branch-picker"
      items={branches}
      value={selectedId}
      // Clearing the text is not choosing "no branch": the order always has one.
      onChange={(key) => {
        if (typeof key === "string") onSelect(key)
      }}
    >
      <Label>{text.label}</Label>
      <div className="combo-control">
        <Input className="input" />
        <Button className="combo-toggle"><span aria-hidden="true">▾</span></Button>
      </div>
      <Popover>
        <ListBox<Branch>>
          {(branch) => <ListBoxItem id={branch.id} textValue={branchLabel(branch)}>{branchLabel(branch)}</ListBoxItem>}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}
