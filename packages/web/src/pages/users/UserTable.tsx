/**
 * One page of users as a table (a card per user on a phone): name, e-mail, role, where a
 * client orders from, an advisor's ERP seller id, active or not; "Editar" and
 * "Desactivar" (or "Activar") on each.
 */
import { messages } from "../../i18n/messages.ts"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { EditDeactivateActions } from "../../ui/EditDeactivateActions.tsx"
import type { ManagedDialog } from "../../ui/use-managed-items.ts"
import type { ListedUser } from "./user-queries.ts"
import { StackingTable } from "../../ui/StackingTable.tsx"

const text = peopleMessages.users

const placeOf = (user: ListedUser): string =>
  user.companyName === null ? text.none : user.branchName === null ? user.companyName : `${user.companyName} · ${user.branchName}`

export const UserTable = ({ users, open }: {
  readonly users: ReadonlyArray<ListedUser>
  readonly open: (dialog: ManagedDialog<ListedUser>) => void
}) => (
  <StackingTable columns={[text.name, text.email, text.role, text.company, text.erpSeller, text.state]} actionsLabel={messages.company.actions} className="people-table">
    {users.map((user) => (
      <tr key={user.id}>
        <th scope="row" className="card-title break-anywhere">{user.name}</th>
        <td data-label={text.email} className="break-anywhere">{user.email}</td>
        <td data-label={text.role}>{messages.roles[user.role]}</td>
        <td data-label={text.company} className="break-anywhere">{user.role === "client" ? placeOf(user) : text.none}</td>
        <td data-label={text.erpSeller}>{user.role === "advisor" ? user.erpSellerId ?? text.noSeller : text.none}</td>
        <td data-label={text.state}>
          <span className={user.active ? "tag" : "tag tag-off"}>{user.active ? text.active : text.inactive}</span>
        </td>
        <EditDeactivateActions item={user} name={user.name} texts={text} open={open} isActive={user.active} />
      </tr>
    ))}
  </StackingTable>
)
