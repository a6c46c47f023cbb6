/** The company's active users ("usted" marks the signed-in one), with "Agregar usuario", "Editar" and "Desactivar". */
import { api, call } from "../../api/client.ts"
import { messages } from "../../i18n/messages.ts"
import { ListSection } from "../../ui/ListSection.tsx"
import { useManagedItems } from "../../ui/use-managed-items.ts"
import { ConfirmDeactivation } from "../../ui/ConfirmDeactivation.tsx"
import { EditDeactivateActions } from "../../ui/EditDeactivateActions.tsx"
import type { Branch, MyCompany } from "../order/order-queries.ts"
import { UserFormDialog } from "./UserFormDialog.tsx"

type CompanyUser = MyCompany["users"][number]

const text = messages.companyUsers

export const UsersSection = ({ users, branches, onChanged }: {
  readonly users: ReadonlyArray<CompanyUser>
  readonly branches: ReadonlyArray<Branch>
  readonly onChanged: (announcement: string) => void
}) => {
  const managed = useManagedItems<CompanyUser>({
    deactivate: (user) => call(api.DELETE("/api/my-company/users/{id}", { params: { path: { id: user.id } } })),
    deactivated: (user) => text.deactivated(user.name),
    onChanged
  })
  const { formOpen, editing, open, close, saved } = managed
  const me = users.find((user) => user.isMe)

  return (
    <ListSection
      id="users-title"
      texts={text}
      onAdd={() => open({ kind: "add" })}
      columns={[text.name, text.email, text.branch]}
      rows={users.map((user) => (
        <tr key={user.id}>
          <th scope="row" className="card-title break-anywhere">
            {user.name}
            {user.isMe && <> <span className="tag">{text.you}</span></>}
          </th>
          <td data-label={text.email} className="break-anywhere">{user.email}</td>
          <td data-label={text.branch} className="break-anywhere">{user.branchName ?? text.noBranch}</td>
          <EditDeactivateActions item={user} name={user.name} texts={text} open={open} />
        </tr>
      ))}
    >
      <UserFormDialog
        isOpen={formOpen}
        user={editing}
        branches={branches}
        defaultBranchId={me?.branchId ?? branches[0]?.id}
        onCancel={close}
        onSaved={saved}
      />
      <ConfirmDeactivation managed={managed} title={text.confirmTitle} body={(user) => text.confirmBody(user.name, user.email)} />
    </ListSection>
  )
}
