/**
 * A branch's name (required), city and address as form fields: Mi empresa's branch form
 * and an admin's (which adds the route and the advisor) both ask them this way.
 */
import { messages } from "../i18n/messages.ts"
import { TextInputField } from "./TextInputField.tsx"

export type BranchPlaceField = "name" | "city" | "address"

export type BranchPlace = Readonly<Record<BranchPlaceField, string>>

const text = messages.branches

/** The fields' values for a branch (blank where it has none), or for a new one. */
export const branchPlaceOf = (branch: { readonly name: string; readonly city: string | null; readonly address: string | null } | undefined): BranchPlace => ({
  name: branch?.name ?? "",
  city: branch?.city ?? "",
  address: branch?.address ?? ""
})

export const BranchPlaceFields = ({ place, onChange, errors }: {
  readonly place: BranchPlace
  readonly onChange: (field: BranchPlaceField, value: string) => void
  readonly errors: Partial<Record<BranchPlaceField, string>>
}) => (
  <>
    <TextInputField label={text.name} value={place.name} onChange={(value) => onChange("name", value)} error={errors.name} isRequired autoFocus />
    <TextInputField label={text.city} value={place.city} onChange={(value) => onChange("city", value)} error={errors.city} autoComplete="address-level2" />
    <TextInputField label={text.address} value={place.address} onChange={(value) => onChange("address", value)} error={errors.address} autoComplete="street-address" />
  </>
)
