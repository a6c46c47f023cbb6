/**
 * "Lista de precios" of a client: the general list (no list of its own) or one of the
 * active lists; a client's current list stays a choice even when it is no longer active.
 */
import { useQuery } from "@tanstack/react-query"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { priceListChoicesQuery } from "../companies/company-queries.ts"

/** The general list's choice (a client without a list of its own: null). */
export const generalList = "general"

/** The choice as the API takes it: null for the general list. */
export const chosenPriceList = (choice: string): string | null => (choice === generalList ? null : choice)

export const PriceListSelect = ({ value, onChange, error, currentId = null }: {
  /** A list's id, or `generalList`. */
  readonly value: string
  readonly onChange: (value: string) => void
  readonly error: string | undefined
  /** The client's list now, kept as a choice. */
  readonly currentId?: string | null
}) => {
  const priceLists = useQuery(priceListChoicesQuery)
  const options = [
    { id: generalList, label: peopleMessages.clientForm.generalList },
    ...(priceLists.data?.items ?? [])
      .filter((list) => !list.isDefault && (list.active || list.id === currentId))
      .map((list) => ({ id: list.id, label: list.name }))
  ]
  return <NativeSelect label={peopleMessages.clientForm.priceList} options={options} value={value} onChange={onChange} error={error} />
}
