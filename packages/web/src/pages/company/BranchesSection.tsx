/** The company's active branches, with "Agregar sucursal", "Editar" and "Desactivar". */
import { useMutation } from "@tanstack/react-query"
import { useState } from "react"
import { api, call } from "../../api/client.ts"
import { messages } from "../../i18n/messages.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { ListSection } from "../../ui/ListSection.tsx"
import { EditDeactivateActions } from "./EditDeactivateActions.tsx"
import type { Branch } from "../order/order-queries.ts"
import { BranchFormDialog } from "./BranchFormDialog.tsx"

const text = messages.branches

type BranchDialog =
  | { readonly kind: "add" }
  | { readonly kind: "edit"; readonly branch: Branch }
  | { readonly kind: "deactivate"; readonly branch: Branch }

const orDash = (value: string | null) => (value === null || value.trim() === "" ? messages.company.notGiven : value)

export const BranchesSection = ({ branches, onChanged }: {
  readonly branches: ReadonlyArray<Branch>
  readonly onChanged: (announcement: string) => void
}) => {
  const [dialog, setDialog] = useState<BranchDialog | undefined>(undefined)
  const deactivate = useMutation({
    mutationFn: (branch: Branch) => call(api.DELETE("/api/my-company/branches/{id}", { params: { path: { id: branch.id } } })),
    onSuccess: (_, branch) => {
      setDialog(undefined)
      onChanged(text.deactivated(branch.name))
    }
  })
  const open = (next: BranchDialog) => {
    deactivate.reset()
    setDialog(next)
  }
  const close = () => setDialog(undefined)
  const saved = (announcement: string) => {
    setDialog(undefined)
    onChanged(announcement)
  }

  return (
    <ListSection
      id="branches-title"
      title={text.title}
      addLabel={text.add}
      onAdd={() => open({ kind: "add" })}
      isEmpty={branches.length === 0}
      emptyText={text.empty}
      list={
        <table className="stacking-table">
          <thead>
            <tr>
              <th scope="col">{text.name}</th>
              <th scope="col">{text.city}</th>
              <th scope="col">{text.address}</th>
              <th scope="col">{text.route}</th>
              <th scope="col"><span className="visually-hidden">{messages.company.actions}</span></th>
            </tr>
          </thead>
          <tbody>
            {branches.map((branch) => (
              <tr key={branch.id}>
                <th scope="row" className="card-title">{branch.name}</th>
                <td data-label={text.city}>{orDash(branch.city)}</td>
                <td data-label={text.address}>{orDash(branch.address)}</td>
                <td data-label={text.route}>
                  {branch.routeName === null ? text.noRoute : text.routeOf(branch.routeName)}
                </td>
                <td className="actions-cell">
                  <EditDeactivateActions
                    editLabel={text.editLabel(branch.name)}
                    deactivateLabel={text.deactivateLabel(branch.name)}
                    onEdit={() => open({ kind: "edit", branch })}
                    onDeactivate={() => open({ kind: "deactivate", branch })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <BranchFormDialog
        isOpen={dialog?.kind === "add" || dialog?.kind === "edit"}
        branch={dialog?.kind === "edit" ? dialog.branch : undefined}
        onCancel={close}
        onSaved={saved}
      />
      <ConfirmDialog
        isOpen={dialog?.kind === "deactivate"}
        title={text.confirmTitle}
        body={dialog?.kind === "deactivate" ? text.confirmBody(dialog.branch.name) : ""}
        confirmLabel={messages.company.deactivate}
        pendingLabel={messages.company.deactivating}
        isPending={deactivate.isPending}
        error={deactivate.error}
        onConfirm={() => dialog?.kind === "deactivate" && deactivate.mutate(dialog.branch)}
        onCancel={close}
      />
    </ListSection>
  )
}
