/** The company's active users ("usted" marks the signed-in one), with "Agregar usuario", "Editar" and "Desactivar". */
import { api, call } from "../../api/client.ts"
import { messages } from "../../i18n/messages.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { ListSection } from "../../ui/ListSection.tsx"
import { useManagedItems } from "./use-managed-items.ts"
import { EditDeactivateActions } from "./EditDeactivateActions.tsx"
import type { Branch, MyCompany } from "../order/order-queries.ts"
import { UserFormDialog } from "./UserFormDialog.tsx"

type CompanyUser = MyCompany["users"][number]

const text = messages.companyUsers

export const UsersSection = ({ users, branches, onChanged }: {
  readonly users: ReadonlyArray<CompanyUser>
  readonly branches: ReadonlyArray<Branch>
  readonly onChanged: (announcement: string) => void
}) => {
  const { dialog, deactivation, open, close, saved } = useManagedItems<CompanyUser>({
    deactivate: (user) => call(api.DELETE("/api/my-company/users/{id}", { params: { path: { id: user.id } } })),
    deactivated: (user) => text.deactivated(user.name),
    onChanged
  })
  const me = users.find((user) => user.isMe)

  return (
    <ListSection
      id="users-title"
      texts={text}
      onAdd={() => open({ kind: "add" })}
      columns={[text.name, text.email, text.branch]}
      rows={users.map((user) => (
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
              onEdit={() => open({ kind: "edit", item: user })}
              onDeactivate={() => open({ kind: "deactivate", item: user })}
            />
          </td>
        </tr>
      ))}
    >
      <UserFormDialog
        isOpen={dialog?.kind === "add" || dialog?.kind === "edit"}
        user={dialog?.kind === "edit" ? dialog.item : undefined}
        branches={branches}
        defaultBranchId={me?.branchId ?? branches[0]?.id}
        onCancel={close}
        onSaved={saved}
      />
      <ConfirmDialog
        isOpen={dialog?.kind === "deactivate"}
        title={text.confirmTitle}
        body={dialog?.kind === "deactivate" ? text.confirmBody(dialog.item.name, dialog.item.email) : ""}
        confirmLabel={messages.company.deactivate}
        pendingLabel={messages.company.deactivating}
        isPending={deactivation.isPending}
        error={deactivation.error}
        onConfirm={() => dialog?.kind === "deactivate" && deactivation.mutate(dialog.item)}
        onCancel={close}
      />
    </ListSection>
  )
}
