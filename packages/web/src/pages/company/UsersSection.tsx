/** The company's active users ("usted" marks the signed-in one), with "Agregar usuario", "Editar" and "Desactivar". */
import { useMutation } from "@tanstack/react-query"
import { useState } from "react"
import { api, call } from "../../api/client.ts"
import { messages } from "../../i18n/messages.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { ListSection } from "../../ui/ListSection.tsx"
import { EditDeactivateActions } from "./EditDeactivateActions.tsx"
import type { Branch, MyCompany } from "../order/order-queries.ts"
import { UserFormDialog } from "./UserFormDialog.tsx"

type CompanyUser = MyCompany["users"][number]

const text = messages.companyUsers

type UserDialog =
  | { readonly kind: "add" }
  | { readonly kind: "edit"; readonly user: CompanyUser }
  | { readonly kind: "deactivate"; readonly user: CompanyUser }

export const UsersSection = ({ users, branches, onChanged }: {
  readonly users: ReadonlyArray<CompanyUser>
  readonly branches: ReadonlyArray<Branch>
  readonly onChanged: (announcement: string) => void
}) => {
  const [dialog, setDialog] = useState<UserDialog | undefined>(undefined)
  const deactivate = useMutation({
    mutationFn: (user: CompanyUser) => call(api.DELETE("/api/my-company/users/{id}", { params: { path: { id: user.id } } })),
    onSuccess: (_, user) => {
      setDialog(undefined)
      onChanged(text.deactivated(user.name))
    }
  })
  const open = (next: UserDialog) => {
    deactivate.reset()
    setDialog(next)
  }
  const close = () => setDialog(undefined)
  const saved = (announcement: string) => {
    setDialog(undefined)
    onChanged(announcement)
  }
  const me = users.find((user) => user.isMe)

  return (
    <ListSection
      id="users-title"
      title={text.title}
      addLabel={text.add}
      onAdd={() => open({ kind: "add" })}
      isEmpty={users.length === 0}
      emptyText={text.empty}
      list={
        <table className="stacking-table">
          <thead>
            <tr>
              <th scope="col">{text.name}</th>
              <th scope="col">{text.email}</th>
              <th scope="col">{text.branch}</th>
              <th scope="col"><span className="visually-hidden">{messages.company.actions}</span></th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <th scope="row" className="card-title">
                  {user.name}
                  {user.isMe && <> <span className="tag">{text.you}</span></>}
                </th>
                <td data-label={text.email} className="break-anywhere">{user.email}</td>
                <td data-label={text.branch}>{user.branchName ?? text.noBranch}</td>
                <td className="actions-cell">
                  <EditDeactivateActions
                    editLabel={text.editLabel(user.name)}
                    deactivateLabel={text.deactivateLabel(user.name)}
                    onEdit={() => open({ kind: "edit", user })}
                    onDeactivate={() => open({ kind: "deactivate", user })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <UserFormDialog
        isOpen={dialog?.kind === "add" || dialog?.kind === "edit"}
        user={dialog?.kind === "edit" ? dialog.user : undefined}
        branches={branches}
        defaultBranchId={me?.branchId ?? branches[0]?.id}
        onCancel={close}
        onSaved={saved}
      />
      <ConfirmDialog
        isOpen={dialog?.kind === "deactivate"}
        title={text.confirmTitle}
        body={dialog?.kind === "deactivate" ? text.confirmBody(dialog.user.name, dialog.user.email) : ""}
        confirmLabel={messages.company.deactivate}
        pendingLabel={messages.company.deactivating}
        isPending={deactivate.isPending}
        error={deactivate.error}
        onConfirm={() => dialog?.kind === "deactivate" && deactivate.mutate(dialog.user)}
        onCancel={close}
      />
    </ListSection>
  )
}
