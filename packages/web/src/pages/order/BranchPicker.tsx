/**
 * Which branch the order is for: a "Sucursal" combobox when the company has several active
 * branches (a native select: ui/NativeSelect.tsx says why), just the branch's name when
 * it has one.
 */
import { messages } from "../../i18n/messages.ts"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
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
    <NativeSelect
      className="branch-picker"
      label={text.label}
      options={branches.map((branch) => ({ id: branch.id, label: branchLabel(branch) }))}
      value={selectedId}
      onChange={onSelect}
    />
  )
}
