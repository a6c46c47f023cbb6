/**
 * "Sucursal" of an admin's forms: the active branches of the company chosen just above
 * (read from the service once the company is chosen); a company with one branch has it
 * chosen at once.
 */
import { useQuery } from "@tanstack/react-query"
import { useEffect } from "react"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { companyQuery } from "./company-queries.ts"

const text = peopleMessages.branchSelect

export const CompanyBranchSelect = ({ companyId, value, onChange, error }: {
  readonly companyId: string | undefined
  /** The chosen branch's id, "" for none yet. */
  readonly value: string
  readonly onChange: (branchId: string) => void
  readonly error: string | undefined
}) => {
  const company = useQuery({ ...companyQuery(companyId ?? ""), enabled: companyId !== undefined })
  const branches = company.data?.myBranches.filter((branch) => branch.active || branch.id === value) ?? []
  const only = branches.length === 1 ? branches[0] : undefined
  useEffect(() => {
    if (only !== undefined && value !== only.id) onChange(only.id)
  }, [only, value, onChange])

  const prompt = companyId === undefined
    ? text.companyFirst
    : company.isPending
    ? text.loading
    : company.isError
    ? text.failed
    : branches.length === 0
    ? text.none
    : text.choose
  return (
    <NativeSelect
      label={text.label}
      options={[
        { id: "", label: prompt },
        ...branches.map((branch) => ({ id: branch.id, label: branch.city === null || branch.city === "" ? branch.name : `${branch.name} (${branch.city})` }))
      ]}
      value={value}
      onChange={onChange}
      error={error}
      isRequired
    />
  )
}
