/**
 * "Nueva lista de precios" / "Editar lista de precios": name, active, general, and the
 * prices. "Guardar" checks what the service would refuse (a blank name, a row without a
 * product, a product twice, a price that is not whole pesos) beside each field; a new
 * list is sent whole, an existing one only with what changed (its prices, when they did,
 * replace the whole set). The service's refusals (no general list left, …) show above.
 */
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useEffect, useRef, useState } from "react"
import { Form } from "react-aria-components"
import { catalogMessages } from "../../i18n/operations-messages.ts"
import { DialogActions } from "../../ui/DialogActions.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { fieldErrorsOf, useFieldErrors } from "../../ui/field-errors.ts"
import { ModalDialog } from "../../ui/ModalDialog.tsx"
import { TextInputField } from "../../ui/TextInputField.tsx"
import { type CatalogProduct, type PriceList, priceListCalls } from "./catalog-queries.ts"
import { CheckboxField } from "./CheckboxField.tsx"
import { pesosOf } from "./pesos.ts"
import { PriceItemsEditor, type PriceRow, type PriceRowErrors } from "./PriceItemsEditor.tsx"

const text = catalogMessages.priceLists

const rowsOf = (list: PriceList | undefined): ReadonlyArray<PriceRow> =>
  (list?.items ?? []).map((item, index) => ({ key: index + 1, productId: item.productId, price: String(item.price) }))

/** Each row's problem: no product, a product already above, a price that is not whole pesos. */
const rowErrors = (rows: ReadonlyArray<PriceRow>): PriceRowErrors => {
  const errors = new Map<number, { readonly product?: string; readonly price?: string }>()
  const seen = new Set<string>()
  for (const row of rows) {
    const product = row.productId === "" ? text.productMissing : seen.has(row.productId) ? text.productRepeated : undefined
    const price = pesosOf(row.price) === undefined ? text.priceInvalid : undefined
    if (product !== undefined || price !== undefined) {
      errors.set(row.key, { ...(product === undefined ? {} : { product }), ...(price === undefined ? {} : { price }) })
    }
    seen.add(row.productId)
  }
  return errors
}

const itemsOf = (rows: ReadonlyArray<PriceRow>) => rows.map((row) => ({ productId: row.productId, price: pesosOf(row.price) ?? 0 }))

const sameItems = (rows: ReadonlyArray<PriceRow>, list: PriceList): boolean => {
  const key = (items: ReadonlyArray<{ readonly productId: string; readonly price: number }>) =>
    JSON.stringify([...items].map((item) => `${item.productId}:${item.price}`).sort())
  return key(itemsOf(rows)) === key(list.items)
}

interface PriceListFormProps {
  /** The list to edit; absent to create one. */
  readonly list: PriceList | undefined
  readonly products: ReadonlyArray<CatalogProduct>
  readonly onCancel: () => void
  readonly onSaved: (announcement: string) => void
}

const PriceListForm = ({ list, products, onCancel, onSaved }: PriceListFormProps) => {
  const [name, setName] = useState(list?.name ?? "")
  const [active, setActive] = useState(list?.active ?? true)
  const [isDefault, setDefault] = useState(list?.isDefault ?? false)
  const [rows, setRows] = useState(rowsOf(list))
  const [rowProblems, setRowProblems] = useState<PriceRowErrors>(new Map())
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<"name">(form)
  // A price row in error takes the focus, so that a screen reader reads what is wrong.
  useEffect(() => {
    if (rowProblems.size > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [rowProblems])

  const save = useMutation({
    mutationFn: async () => {
      const trimmed = name.trim()
      if (list === undefined) {
        await priceListCalls.create({ name: trimmed, active, isDefault, items: itemsOf(rows) })
        return text.added(trimmed)
      }
      await priceListCalls.update(list.id, {
        ...(trimmed === list.name ? {} : { name: trimmed }),
        ...(active === list.active ? {} : { active }),
        ...(isDefault === list.isDefault ? {} : { isDefault }),
        ...(sameItems(rows, list) ? {} : { items: itemsOf(rows) })
      })
      return text.saved(trimmed)
    },
    onSuccess: onSaved,
    onError: (failure) => fields.show(fieldErrorsOf(failure, { name: text.nameRequired }))
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problems = rowErrors(rows)
    setRowProblems(problems)
    if (name.trim() === "") return fields.show({ name: text.nameRequired })
    if (problems.size > 0) return
    save.mutate()
  }

  const rename = (value: string) => {
    setName(value)
    fields.clear("name")
  }

  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack">
      {save.isError && <ErrorNotice error={save.error} />}
      <TextInputField label={text.name} value={name} onChange={rename} error={fields.errors.name} isRequired autoFocus />
      <CheckboxField label={text.isActive} isSelected={active} onChange={setActive} />
      <CheckboxField label={text.isDefault} hint={text.isDefaultHint} isSelected={isDefault} onChange={setDefault} />
      <PriceItemsEditor
        rows={rows}
        products={products}
        errors={rowProblems}
        onChange={(next) => {
          setRows(next)
          setRowProblems(new Map())
        }}
      />
      <DialogActions onCancel={onCancel} isSaving={save.isPending} />
    </Form>
  )
}

export const PriceListFormDialog = ({ isOpen, ...props }: PriceListFormProps & { readonly isOpen: boolean }) => (
  <ModalDialog title={props.list === undefined ? text.addTitle : text.editTitle} isOpen={isOpen} onClose={props.onCancel}>
    <PriceListForm key={props.list?.id ?? "new"} {...props} />
  </ModalDialog>
)
