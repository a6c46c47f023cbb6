/**
 * "Nueva promoción" / "Editar promoción": name, product, promotion price, for whom (every
 * client, or chosen ones), the period in Bogotá time and whether it is active. "Guardar"
 * checks what the service would refuse beside each field (a blank name, no product, a
 * price that is not whole pesos, no client for a specific one, an end before the start);
 * a new promotion is sent whole, an existing one only with what changed.
 */
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useRef, useState } from "react"
import { Form } from "react-aria-components"
import { catalogMessages } from "../../i18n/operations-messages.ts"
import { DialogActions } from "../../ui/DialogActions.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { type FieldErrors, fieldErrorsOf, hasErrors, useFieldErrors } from "../../ui/field-errors.ts"
import { ModalDialog } from "../../ui/ModalDialog.tsx"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { TextInputField } from "../../ui/TextInputField.tsx"
import { bogotaInputValue, instantOfBogotaInput } from "./bogota-input.ts"
import { type CatalogProduct, type Promotion, type PromotionBody, promotionCalls } from "./catalog-queries.ts"
import { CheckboxField } from "./CheckboxField.tsx"
import { ClientChooser } from "./ClientChooser.tsx"
import { pesosOf } from "./pesos.ts"

const text = catalogMessages.promotions

type PromotionField = "name" | "productId" | "price" | "clientIds" | "startsAt" | "endsAt"
type Kind = Promotion["kind"]

interface Draft {
  readonly name: string
  readonly productId: string
  readonly price: string
  readonly kind: Kind
  readonly clientIds: ReadonlyArray<string>
  readonly startsAt: string
  readonly endsAt: string
  readonly active: boolean
}

const draftOf = (promotion: Promotion | undefined): Draft => ({
  name: promotion?.name ?? "",
  productId: promotion?.productId ?? "",
  price: promotion === undefined ? "" : String(promotion.price),
  kind: promotion?.kind ?? "general",
  clientIds: promotion?.clientIds ?? [],
  startsAt: promotion === undefined ? "" : bogotaInputValue(promotion.startsAt),
  endsAt: promotion?.endsAt == null ? "" : bogotaInputValue(promotion.endsAt),
  active: promotion?.active ?? true
})

const checked = (draft: Draft): FieldErrors<PromotionField> => {
  const starts = instantOfBogotaInput(draft.startsAt)
  const ends = instantOfBogotaInput(draft.endsAt)
  return {
    ...(draft.name.trim() === "" ? { name: text.nameRequired } : {}),
    ...(draft.productId === "" ? { productId: text.productRequired } : {}),
    ...(pesosOf(draft.price) === undefined ? { price: text.priceInvalid } : {}),
    ...(draft.kind === "specific" && draft.clientIds.length === 0 ? { clientIds: text.clientsRequired } : {}),
    ...(ends !== undefined && Date.parse(ends) <= (starts === undefined ? Date.now() : Date.parse(starts)) ? { endsAt: text.endBeforeStart } : {})
  }
}

/** The whole promotion as `POST` takes it (an empty start means now). */
const bodyOf = (draft: Draft): PromotionBody => {
  const startsAt = instantOfBogotaInput(draft.startsAt)
  return {
    name: draft.name.trim(),
    kind: draft.kind,
    productId: draft.productId,
    price: pesosOf(draft.price) ?? 0,
    active: draft.active,
    endsAt: instantOfBogotaInput(draft.endsAt) ?? null,
    ...(startsAt === undefined ? {} : { startsAt }),
    ...(draft.kind === "specific" ? { clientIds: [...draft.clientIds] } : {})
  }
}

/** What changed, as `PUT` takes it: a switch to specific carries its clients, as does a change of them. */
const patchOf = (draft: Draft, saved: Draft) => {
  const body = bodyOf(draft)
  const clientsChanged = [...draft.clientIds].sort().join() !== [...saved.clientIds].sort().join()
  return {
    ...(draft.name.trim() === saved.name ? {} : { name: body.name }),
    ...(draft.productId === saved.productId ? {} : { productId: body.productId }),
    ...(draft.price === saved.price ? {} : { price: body.price }),
    ...(draft.kind === saved.kind ? {} : { kind: body.kind }),
    ...(draft.kind === "specific" && (draft.kind !== saved.kind || clientsChanged) ? { clientIds: [...draft.clientIds] } : {}),
    ...(draft.startsAt === saved.startsAt || body.startsAt === undefined ? {} : { startsAt: body.startsAt }),
    ...(draft.endsAt === saved.endsAt ? {} : { endsAt: body.endsAt ?? null }),
    ...(draft.active === saved.active ? {} : { active: body.active })
  }
}

interface PromotionFormProps {
  /** The promotion to edit; absent to create one. */
  readonly promotion: Promotion | undefined
  readonly products: ReadonlyArray<CatalogProduct>
  readonly onCancel: () => void
  readonly onSaved: (announcement: string) => void
}

const PromotionForm = ({ promotion, products, onCancel, onSaved }: PromotionFormProps) => {
  const saved = draftOf(promotion)
  const [draft, setDraft] = useState(saved)
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<PromotionField>(form)

  const save = useMutation({
    mutationFn: async () => {
      if (promotion === undefined) await promotionCalls.create(bodyOf(draft))
      else await promotionCalls.update(promotion.id, patchOf(draft, saved))
      return promotion === undefined ? text.added(draft.name.trim()) : text.saved(draft.name.trim())
    },
    onSuccess: onSaved,
    onError: (failure) =>
      fields.show(fieldErrorsOf(failure, {
        name: text.nameRequired,
        productId: text.productRequired,
        price: text.priceInvalid,
        clientIds: text.clientsRequired,
        startsAt: text.startsAtHint,
        endsAt: text.endBeforeStart
      }))
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const errors = checked(draft)
    if (hasErrors(errors)) return fields.show(errors)
    save.mutate()
  }

  const edit = <Key extends keyof Draft>(key: Key, field?: PromotionField) => (value: Draft[Key]) => {
    setDraft((current) => ({ ...current, [key]: value }))
    if (field !== undefined) fields.clear(field)
  }

  const productOptions = [
    { id: "", label: text.chooseProduct },
    ...products.map((product) => ({ id: product.id, label: `${product.name} (${product.sku})` })),
    // The promotion's product when it is no longer active (not in the catalog).
    ...(draft.productId === "" || products.some((product) => product.id === draft.productId) ? [] : [{ id: draft.productId, label: text.unknownProduct }])
  ]

  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack">
      {save.isError && <ErrorNotice error={save.error} />}
      <TextInputField label={text.name} value={draft.name} onChange={edit("name", "name")} error={fields.errors.name} isRequired autoFocus />
      <NativeSelect
        label={text.product}
        options={productOptions}
        value={draft.productId}
        onChange={edit("productId", "productId")}
        error={fields.errors.productId}
        isRequired
      />
      <TextInputField type="number" label={text.price} value={draft.price} onChange={edit("price", "price")} error={fields.errors.price} isRequired />
      <NativeSelect
        label={text.kind}
        options={[{ id: "general", label: text.kinds.general }, { id: "specific", label: text.kinds.specific }]}
        value={draft.kind}
        onChange={(kind) => edit("kind", "clientIds")(kind === "specific" ? "specific" : "general")}
      />
      {draft.kind === "specific" && <ClientChooser value={draft.clientIds} onChange={edit("clientIds", "clientIds")} error={fields.errors.clientIds} />}
      <div className="field-pair">
        <TextInputField type="datetime-local" label={text.startsAt} description={text.startsAtHint} value={draft.startsAt} onChange={edit("startsAt", "startsAt")} error={fields.errors.startsAt} />
        <TextInputField type="datetime-local" label={text.endsAt} description={text.endsAtHint} value={draft.endsAt} onChange={edit("endsAt", "endsAt")} error={fields.errors.endsAt} />
      </div>
      <CheckboxField label={text.isActive} isSelected={draft.active} onChange={edit("active")} />
      <DialogActions onCancel={onCancel} isSaving={save.isPending} />
    </Form>
  )
}

export const PromotionFormDialog = ({ isOpen, ...props }: PromotionFormProps & { readonly isOpen: boolean }) => (
  <ModalDialog title={props.promotion === undefined ? text.addTitle : text.editTitle} isOpen={isOpen} onClose={props.onCancel}>
    <PromotionForm key={props.promotion?.id ?? "new"} {...props} />
  </ModalDialog>
)
