/**
 * An admin's "Agregar sucursal" / "Editar sucursal" of a company: name, city, address,
 * and what only an admin assigns — the delivery route and the advisor. An edit sends only
 * what changed. The service keeps a route or advisor it is sent null for, so once a
 * branch has one, "Sin ruta" / "Sin asesor" are no longer offered.
 */
import { useMutation, useQuery } from "@tanstack/react-query"
import { useRef, useState } from "react"
import { Form } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { describeFailure, hasCode } from "../../api/failure.ts"
import { messages } from "../../i18n/messages.ts"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { type BranchPlaceField, BranchPlaceFields, branchPlaceOf } from "../../ui/BranchPlaceFields.tsx"
import { DialogActions } from "../../ui/DialogActions.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { checkedSubmit, type FieldErrors, fieldErrorsOf, useFieldErrors } from "../../ui/field-errors.ts"
import { ModalDialog } from "../../ui/ModalDialog.tsx"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { advisorsQuery } from "../users/user-queries.ts"
import { type AdvisorBranch, routeChoicesQuery } from "./company-queries.ts"

const text = peopleMessages.branchForm

type BranchField = BranchPlaceField | "routeId" | "advisorId"

/** "No route" / "no advisor" in a select (no id looks like it). */
const none = "ninguno"

const refusedFields = (failure: unknown): FieldErrors<BranchField> =>
  hasCode(failure, "ROUTE_NOT_FOUND")
    ? { routeId: describeFailure(failure).sentence }
    : hasCode(failure, "ADVISOR_NOT_FOUND")
    ? { advisorId: describeFailure(failure).sentence }
    : fieldErrorsOf(failure, {
      name: messages.branches.nameRequired,
      city: messages.forms.invalid,
      address: messages.forms.invalid,
      routeId: messages.forms.invalid,
      advisorId: messages.forms.invalid
    })

interface BranchFormProps {
  readonly companyId: string
  /** The branch to edit; absent to add one. */
  readonly branch: AdvisorBranch | undefined
  readonly onCancel: () => void
  readonly onSaved: (announcement: string) => void
}

const BranchForm = ({ companyId, branch, onCancel, onSaved }: BranchFormProps) => {
  const [place, setPlace] = useState(() => branchPlaceOf(branch))
  const [routeId, setRouteId] = useState(branch?.routeId ?? none)
  const [advisorId, setAdvisorId] = useState(branch?.advisorId ?? none)
  const routes = useQuery(routeChoicesQuery)
  const advisors = useQuery(advisorsQuery)
  const form = useRef<HTMLFormElement>(null)
  const fields = useFieldErrors<BranchField>(form)
  const name = place.name.trim()
  const chosen = (value: string) => (value === none ? null : value)

  const save = useMutation({
    mutationFn: async () => {
      if (branch === undefined) {
        await call(api.POST("/api/companies/{id}/branches", {
          params: { path: { id: companyId } },
          body: { name, city: place.city.trim(), address: place.address.trim(), routeId: chosen(routeId), advisorId: chosen(advisorId) }
        }))
        return text.added(name)
      }
      const patch = {
        ...(name === branch.name ? {} : { name }),
        ...(place.city.trim() === (branch.city ?? "") ? {} : { city: place.city.trim() }),
        ...(place.address.trim() === (branch.address ?? "") ? {} : { address: place.address.trim() }),
        ...(chosen(routeId) === branch.routeId ? {} : { routeId: chosen(routeId) }),
        ...(chosen(advisorId) === branch.advisorId ? {} : { advisorId: chosen(advisorId) })
      }
      await call(api.PUT("/api/companies/{id}/branches/{branchId}", { params: { path: { id: companyId, branchId: branch.id } }, body: patch }))
      return text.saved(name)
    },
    onSuccess: onSaved,
    onError: (failure) => fields.show(refusedFields(failure))
  })

  const submit = checkedSubmit(
    fields.show,
    (): FieldErrors<BranchField> => (name === "" ? { name: messages.branches.nameRequired } : {}),
    () => save.mutate()
  )

  const edit = (field: BranchPlaceField, value: string) => {
    setPlace((current) => ({ ...current, [field]: value }))
    fields.clear(field)
  }
  const choose = (field: "routeId" | "advisorId", set: (value: string) => void) => (value: string) => {
    set(value)
    fields.clear(field)
  }

  const routeOptions = [
    ...(branch?.routeId === null || branch === undefined ? [{ id: none, label: text.noRoute }] : []),
    ...(routes.data?.items ?? [])
      .filter((route) => route.active || route.id === branch?.routeId)
      .map((route) => ({ id: route.id, label: route.scheduleLabel === "" ? route.name : `${route.name} · ${route.scheduleLabel}` }))
  ]
  const advisorOptions = [
    ...(branch?.advisorId === null || branch === undefined ? [{ id: none, label: text.noAdvisor }] : []),
    ...(advisors.data ?? [])
      .filter((advisor) => advisor.active || advisor.id === branch?.advisorId)
      .map((advisor) => ({ id: advisor.id, label: advisor.name }))
  ]

  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="stack">
      {save.isError && <ErrorNotice error={save.error} />}
      <BranchPlaceFields place={place} onChange={edit} errors={fields.errors} />
      <NativeSelect label={text.route} options={routeOptions} value={routeId} onChange={choose("routeId", setRouteId)} error={fields.errors.routeId} />
      <NativeSelect label={text.advisor} options={advisorOptions} value={advisorId} onChange={choose("advisorId", setAdvisorId)} error={fields.errors.advisorId} />
      {(routes.isError || advisors.isError) && <ErrorNotice error={routes.error ?? advisors.error} />}
      <p className="muted small">{text.assignmentNote}</p>
      <DialogActions onCancel={onCancel} isSaving={save.isPending} />
    </Form>
  )
}

export const CompanyBranchFormDialog = ({ isOpen, ...props }: BranchFormProps & { readonly isOpen: boolean }) => (
  <ModalDialog title={props.branch === undefined ? messages.branches.add : messages.branches.editTitle} isOpen={isOpen} onClose={props.onCancel}>
    <BranchForm key={props.branch?.id ?? "new"} {...props} />
  </ModalDialog>
)
