/**
 * "Empresa" in an admin's forms (a client's, a client user's): a combobox that asks the
 * service for the companies matching what is typed (name or NIT, 10 at a time; there may
 * be 20,000), so no list of every company is ever loaded.
 */
import { useQuery } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { Button, ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text } from "react-aria-components"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { companyChoicesQuery } from "./company-queries.ts"

const text = peopleMessages.companyPicker

/** Wait this long after the last keystroke before asking. */
const searchDelayMillis = 250

export interface PickedCompany {
  readonly id: string
  readonly name: string
}

interface CompanyChoice extends PickedCompany {
  /** "" when not known (the chosen company, before a search lists it). */
  readonly nit: string
}

export const CompanyPicker = ({ value, onChange, error, autoFocus = false }: {
  readonly value: PickedCompany | undefined
  readonly onChange: (company: PickedCompany | undefined) => void
  readonly error: string | undefined
  readonly autoFocus?: boolean
}) => {
  const [input, setInput] = useState(value?.name ?? "")
  const [words, setWords] = useState("")
  useEffect(() => {
    // The chosen company's own name is not a search: show the first companies again.
    const typed = input.trim() === value?.name ? "" : input.trim()
    const timer = window.setTimeout(() => setWords(typed), searchDelayMillis)
    return () => window.clearTimeout(timer)
  }, [input, value])
  const choices = useQuery(companyChoicesQuery(words))
  const found: ReadonlyArray<CompanyChoice> = choices.data?.items.map((company) => ({ id: company.id, name: company.name, nit: company.nit })) ?? []
  // The chosen company stays a choice even when the current search does not list it.
  const items: ReadonlyArray<CompanyChoice> = value === undefined || found.some((company) => company.id === value.id)
    ? found
    : [{ id: value.id, name: value.name, nit: "" }, ...found]

  return (
    <ComboBox
      className="react-aria-ComboBox"
      items={items}
      inputValue={input}
      onInputChange={setInput}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        const company = items.find((item) => item.id === key)
        onChange(company === undefined ? undefined : { id: company.id, name: company.name })
        if (company !== undefined) setInput(company.name)
      }}
      menuTrigger="focus"
      allowsEmptyCollection
      isRequired
      isInvalid={error !== undefined}
      autoFocus={autoFocus}
    >
      <Label>{text.label}</Label>
      <div className="combo-control">
        <Input className="input" placeholder={text.placeholder} />
        <Button className="combo-toggle" aria-label={text.showAll}><span aria-hidden="true">▾</span></Button>
      </div>
      <Text slot="description" className="muted small">{choices.isError ? text.failed : text.hint}</Text>
      <FieldError className="field-error">{error}</FieldError>
      <Popover>
        <ListBox renderEmptyState={() => <p className="combo-empty">{choices.isPending ? text.loading : text.none}</p>}>
          {(company: CompanyChoice) => (
            <ListBoxItem id={company.id} textValue={company.name}>
              {company.name}
              {company.nit !== "" && <span className="muted small"> · {peopleMessages.companies.nitOf(company.nit)}</span>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}
