/**
 * An admin's "Crear usuario" / "Editar usuario": role, name, e-mail and password (blank
 * keeps it when editing); for a client its company and branch (which give its route and
 * advisor) and, new, its price list; for an advisor its seller in the ERP. An edit sends
 * only what changed. The service's refusals are said next to their field: a taken e-mail
 * (DUPLICATE_EMAIL), a company or branch gone or not matching, a price list gone.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useRef, useState } from "react"
import { Form } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { messages } from "../../i18n/messages.ts"
import { peopleMessages } from "../../i18n/people-messages.ts"
import {
  type AccountField,
  AccountFields,
  accountOf,
  accountPatch,
  accountProblems,
  accountSentences,
  takenEmail
} from "../../ui/AccountFields.tsx"
import { DialogActions } from "../../ui/DialogActions.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { checkedSubmit, type FieldErrors, fieldErrorsOf, useFieldErrors } from "../../ui/field-errors.ts"
import { ModalDialog } from "../../ui/ModalDialog.tsx"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { type CompanyBranch, CompanyBranchFields } from "../companies/CompanyBranchFields.tsx"
import { missingPlacement, placementRefusal, placementSentences } from "../companies/placement-refusal.ts"
import { chosenPriceList, generalList, PriceListSelect } from "../clients/PriceListSelect.tsx"
import { ErpSellerField } from "./ErpSellerField.tsx"
import { isUserRole, userRoles } from "./user-list-search.ts"
import { type ListedUser, type UserRole, userKeys } from "./user-queries.ts"

const text = peopleMessages.accountForm

type UserField = AccountField | "role" | "companyId" | "branchId" | "priceListId" | "erpSellerId"

const sentences: Readonly<Record<UserField, string>> = {
  ...accountSentences,
  role: messages.forms.invalid,
  ...placementSentences,
  erpSellerId: text.sellerInvalid
}

const refusedFields = (failure: unknown): FieldErrors<UserField> => {
  return takenEmail(failure) ?? placementRefusal(failure) ?? fieldErrorsOf(failure, sentences)
}

/** A seller's number as typed: "" is none, else a whole number above 0 (undefined when it is not one). */
const sellerNumber = (value: string): number | null | undefined => {
  if (value.trim() === "") return null
  const number = Number(value.trim())
  return Number.isInteger(number) && number > 0 ? number : undefined
}

interface AccountFormProps {
  /** The user to edit; absent to create one. */
  readonly user: ListedUser | undefined
  readonly onCancel: () => void
  readonly onSaved: (announcement: string) => void
}

const AccountForm = ({ user, onCancel, onSaved }: AccountFormProps) => {
  const [role, setRole] = useState<UserRole>(user?.role ?? "advisor")
  const [account, setAccount] = useState(() => accountOf(user))
  const [place, setPlace] = useState<CompanyBranch>({
    company: user?.companyId === null || user?.companyId === undefined ? undefined : { id: user.companyId, name: user.companyName ?? "" },
    branchId: user?.branchId ?? ""
  })
  const { company, branchId } = place
  const [priceListId, setPriceListId] = useState(generalList)
  const [seller, setSeller] = useState(user?.erpSellerId === undefined || user.erpSellerId === null ? "" : String(user.erpSellerId))
  const queryClient = useQueryClient()
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<UserField>(form)
  const isClient = role === "client"
  const isAdvisor = role === "advisor"
  const name = account.name.trim()

  const check = (): FieldErrors<UserField> => ({
    ...accountProblems(account, user === undefined),
    ...(isClient ? missingPlacement(place) : {}),
    ...(isAdvisor && sellerNumber(seller) === undefined ? { erpSellerId: text.sellerInvalid } : {})
  })

  const save = useMutation({
    mutationFn: async () => {
      const erpSellerId = sellerNumber(seller) ?? null
      const place = isClient && company !== undefined ? { companyId: company.id, branchId } : {}
      if (user === undefined) {
        await call(api.POST("/api/users", {
          body: {
            name,
            email: account.email.trim(),
            password: account.password,
            role,
            ...place,
            ...(isClient ? { priceListId: chosenPriceList(priceListId) } : {}),
            ...(isAdvisor ? { erpSellerId } : {})
          }
        }))
        return text.created(name)
      }
      const patch = {
        ...accountPatch(account, user),
        ...(role === user.role ? {} : { role }),
        ...(isClient && company !== undefined && company.id !== user.companyId ? { companyId: company.id } : {}),
        ...(isClient && branchId !== "" && branchId !== user.branchId ? { branchId } : {}),
        ...(isAdvisor && erpSellerId !== (user.erpSellerId ?? null) ? { erpSellerId } : {})
      }
      await call(api.PUT("/api/users/{id}", { params: { path: { id: user.id } }, body: patch }))
      return text.saved(name)
    },
    onSuccess: (announcement) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.all })
      onSaved(announcement)
    },
    onError: (failure) => fields.show(refusedFields(failure))
  })

  const submit = checkedSubmit(fields.show, check, () => save.mutate())

  const edit = (field: AccountField, value: string) => {
    setAccount((current) => ({ ...current, [field]: value }))
    fields.clear(field)
  }
  const choose = (field: UserField, set: (value: string) => void) => (value: string) => {
    set(value)
    fields.clear(field)
  }

  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack">
      {save.isError && <ErrorNotice error={save.error} />}
      <NativeSelect
        label={text.role}
        options={userRoles.map((option) => ({ id: option, label: messages.roles[option] }))}
        value={role}
        onChange={(value) => {
          if (isUserRole(value)) setRole(value)
          fields.clear("role")
        }}
        error={fields.errors.role}
        isRequired
      />
      <AccountFields account={account} isNew={user === undefined} onChange={edit} errors={fields.errors} />
      {isClient && (
        <>
          <CompanyBranchFields value={place} onChange={setPlace} fields={fields} />
          {user === undefined && (
            <PriceListSelect value={priceListId} onChange={choose("priceListId", setPriceListId)} error={fields.errors.priceListId} />
          )}
          <p className="muted small">{user === undefined ? text.clientNote : text.clientEditNote}</p>
        </>
      )}
      {isAdvisor && <ErpSellerField value={seller} onChange={choose("erpSellerId", setSeller)} error={fields.errors.erpSellerId} />}
      <DialogActions onCancel={onCancel} isSaving={save.isPending} />
    </Form>
  )
}

export const AccountFormDialog = ({ isOpen, ...props }: AccountFormProps & { readonly isOpen: boolean }) => (
  <ModalDialog title={props.user === undefined ? text.createTitle : text.editTitle} isOpen={isOpen} onClose={props.onCancel}>
    <AccountForm key={props.user?.id ?? "new"} {...props} />
  </ModalDialog>
)
