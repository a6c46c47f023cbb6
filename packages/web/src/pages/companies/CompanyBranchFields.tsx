/**
 * "Empresa" (searched) and "Sucursal" (of that company) of an admin's forms — a client's,
 * a client login's. Choosing another company clears the branch.
 */
import { CompanyBranchSelect } from "./CompanyBranchSelect.tsx"
import { CompanyPicker, type PickedCompany } from "./CompanyPicker.tsx"

export interface CompanyBranch {
  readonly company: PickedCompany | undefined
  /** "" until one is chosen. */
  readonly branchId: string
}

type PlaceField = "companyId" | "branchId"

export const CompanyBranchFields = ({ value, onChange, fields }: {
  readonly value: CompanyBranch
  readonly onChange: (next: CompanyBranch) => void
  /** The form's field errors (ui/field-errors.ts): each field's error is shown, and cleared as it changes. */
  readonly fields: {
    readonly errors: { readonly companyId?: string | undefined; readonly branchId?: string | undefined }
    readonly clear: (field: PlaceField) => void
  }
}) => {
  const change = (next: CompanyBranch, field: PlaceField) => {
    onChange(next)
    fields.clear(field)
  }
  return (
    <>
      <CompanyPicker
        value={value.company}
        onChange={(company) => change({ company, branchId: company?.id === value.company?.id ? value.branchId : "" }, "companyId")}
        error={fields.errors.companyId}
      />
      <CompanyBranchSelect
        companyId={value.company?.id}
        value={value.branchId}
        onChange={(branchId) => change({ company: value.company, branchId }, "branchId")}
        error={fields.errors.branchId}
      />
    </>
  )
}
