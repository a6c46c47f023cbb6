/**
 * An admin's "Asesor" filter of a list (Clientes, Empresas): every advisor, or all of them.
 * Advisors never see it: the service shows them only their own.
 */
import { useQuery } from "@tanstack/react-query"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { advisorsQuery } from "./user-queries.ts"

/** The "every advisor" choice (no advisor id looks like it). */
const allAdvisors = "todos"

export const AdvisorFilter = ({ value, onChange }: {
  readonly value: string | undefined
  readonly onChange: (advisorId: string | undefined) => void
}) => {
  const advisors = useQuery(advisorsQuery)
  const known = advisors.data ?? []
  const options = [
    { id: allAdvisors, label: peopleMessages.filters.allAdvisors },
    ...known.map((advisor) => ({ id: advisor.id, label: advisor.active ? advisor.name : peopleMessages.filters.inactiveAdvisor(advisor.name) })),
    // An advisor named by the URL before the list arrives (or no longer listed).
    ...(value === undefined || known.some((advisor) => advisor.id === value) ? [] : [{ id: value, label: peopleMessages.filters.someAdvisor }])
  ]
  return (
    <NativeSelect
      className="filter"
      label={peopleMessages.filters.advisor}
      options={options}
      value={value ?? allAdvisors}
      onChange={(id) => onChange(id === allAdvisors ? undefined : id)}
    />
  )
}
