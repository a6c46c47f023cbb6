/**
 * The list's "Cliente" filter: a combo box that searches the caller's clients on the
 * service as the user types (`GET /api/advisor/clients?search=`, by name or e-mail; an
 * admin's advisor filter narrows it too) and filters the list by the one picked. Emptying
 * the field, or "Quitar el filtro de cliente", removes the filter. A client named by the
 * URL shows its name once the service says it.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from "react-aria-components"
import { quotationMessages } from "../../i18n/quotations-messages.ts"
import { clientMatchesQuery, clientNameQuery } from "./quotation-queries.ts"

const text = quotationMessages.filters

/** Ask the service this long after the last keystroke. */
const searchDelayMillis = 250

interface ClientChoice {
  readonly id: string
  readonly name: string
  readonly detail: string | null
}

export const ClientPicker = ({ clientId, advisorId, onChange }: {
  readonly clientId: string | undefined
  readonly advisorId: string | undefined
  readonly onChange: (clientId: string | undefined) => void
}) => {
  const queryClient = useQueryClient()
  const [typed, setTyped] = useState("")
  const [words, setWords] = useState("")
  const chosen = useQuery({ ...clientNameQuery(clientId ?? ""), enabled: clientId !== undefined })
  const chosenName = clientId === undefined ? undefined : chosen.isError ? text.clientUnknown : chosen.data

  // The field shows the chosen client's name (from the URL, or back/forward) once it is known;
  // nothing when there is none. It is left alone while the name loads: a change of the field
  // under the user's focus would open the list again.
  useEffect(() => {
    if (clientId === undefined) setTyped("")
    else if (chosenName !== undefined) setTyped(chosenName)
  }, [clientId, chosenName])

  // While the field shows the chosen name, list every client; else what is typed, once the typing pauses.
  const searching = chosenName !== undefined && typed === chosenName ? "" : typed.trim()
  useEffect(() => {
    const timer = window.setTimeout(() => setWords(searching), searching === "" ? 0 : searchDelayMillis)
    return () => window.clearTimeout(timer)
  }, [searching])
  const matches = useQuery(clientMatchesQuery(words, advisorId))

  const found: ReadonlyArray<ClientChoice> = (matches.data?.items ?? []).map((client) => ({
    id: client.id,
    name: client.name,
    detail: client.companyName ?? client.email
  }))
  // The chosen client stays a choice even when the current matches leave it out.
  const choices = clientId === undefined || chosenName === undefined || found.some((client) => client.id === clientId)
    ? found
    : [{ id: clientId, name: chosenName, detail: null }, ...found]

  return (
    <div className="client-picker">
      <ComboBox
        className="react-aria-ComboBox"
        items={choices}
        inputValue={typed}
        onInputChange={setTyped}
        selectedKey={clientId ?? null}
        onSelectionChange={(key) => {
          const picked = found.find((client) => client.id === key)
          // The picked client's name is known: the field need not wait for the service to say it.
          if (picked !== undefined) queryClient.setQueryData(clientNameQuery(picked.id).queryKey, picked.name)
          const id = key === null ? undefined : String(key)
          if (id !== clientId) onChange(id)
        }}
        menuTrigger="focus"
        allowsEmptyCollection
      >
        <Label>{text.client}</Label>
        <div className="combo-control">
          <Input className="input" placeholder={text.clientPlaceholder} />
          <Button className="combo-toggle" aria-label={text.client}><span aria-hidden="true">▾</span></Button>
        </div>
        <Text slot="description" className="muted small">{text.clientHint}</Text>
        <Popover>
          <ListBox<ClientChoice>
            renderEmptyState={() => <p className="muted combo-empty">{matches.isFetching ? text.clientSearching : text.clientNone}</p>}
          >
            {(client) => (
              <ListBoxItem id={client.id} textValue={client.name}>
                <span className="combo-name">{client.name}</span>
                {client.detail !== null && <span className="muted small combo-detail">{client.detail}</span>}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {clientId !== undefined && (
        <Button className="button secondary small" onPress={() => onChange(undefined)}>{text.clientClear}</Button>
      )}
    </div>
  )
}
