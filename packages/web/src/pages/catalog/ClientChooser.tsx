/**
 * The clients of a specific promotion: a search over every client (by name or NIT, in
 * the browser: the service lists them all) and a checkbox per client found, the chosen
 * ones always listed first so that none is unticked unseen.
 */
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { Input, Label, SearchField } from "react-aria-components"
import { catalogMessages } from "../../i18n/operations-messages.ts"
import { CheckboxGroupField } from "../../ui/CheckboxGroupField.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { clientsQuery } from "./catalog-queries.ts"

const text = catalogMessages.promotions

/** At most this many clients are offered besides the chosen ones; a search finds the rest. */
const shownClients = 30

const normalized = (value: string) => value.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase()

export const ClientChooser = ({ value, onChange, error }: {
  readonly value: ReadonlyArray<string>
  readonly onChange: (clientIds: ReadonlyArray<string>) => void
  readonly error: string | undefined
}) => {
  const clients = useQuery(clientsQuery)
  const [words, setWords] = useState("")
  if (clients.isPending) return <Loading label={text.clientsLoading} />
  if (clients.isError) return <ErrorNotice error={clients.error} onRetry={() => void clients.refetch()} />

  const wanted = normalized(words.trim())
  const chosen = clients.data.filter((client) => value.includes(client.id))
  const found = clients.data
    .filter((client) => !value.includes(client.id))
    .filter((client) => wanted === "" || normalized(`${client.name} ${client.nit}`).includes(wanted))
  const offered = [...chosen, ...found.slice(0, shownClients)]

  return (
    <div className="stack client-chooser">
      <SearchField className="react-aria-SearchField" value={words} onChange={setWords}>
        <Label>{text.clientSearch}</Label>
        <Input className="input" placeholder={text.clientSearchPlaceholder} />
      </SearchField>
      <CheckboxGroupField
        label={text.clients}
        description={text.clientsHint}
        options={offered.map((client) => ({ id: client.id, label: client.name, detail: client.nit }))}
        value={value}
        onChange={onChange}
        error={error}
      />
      {found.length > shownClients && <p className="muted small">{text.clientsTruncated(shownClients)}</p>}
    </div>
  )
}
