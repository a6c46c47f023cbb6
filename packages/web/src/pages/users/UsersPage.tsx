/**
 * "Usuarios" (admin): every user — administrators, advisors and clients' logins — searched
 * by name or e-mail, filtered by role and paged by the service
 * (`/usuarios?rol=advisor&buscar=ana&pagina=2`). An admin creates and edits users (role,
 * company and branch of a client, ERP seller id of an advisor) and deactivates or
 * activates them, confirmed; each change is read back from the service and announced.
 */
import { useQuery } from "@tanstack/react-query"
import { useSearch } from "@tanstack/react-router"
import { api, call } from "../../api/client.ts"
import { messages } from "../../i18n/messages.ts"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { ConfirmDeactivation } from "../../ui/ConfirmDeactivation.tsx"
import { EmptyList } from "../../ui/EmptyList.tsx"
import { ListPage } from "../../ui/ListPage.tsx"
import { NativeSelect } from "../../ui/NativeSelect.tsx"
import { StatusLine } from "../../ui/StatusLine.tsx"
import { useListFilter } from "../../ui/use-list-filter.ts"
import { useManagedItems } from "../../ui/use-managed-items.ts"
import { useBackOfficeChanges } from "../companies/use-back-office-changes.ts"
import { AccountFormDialog } from "./AccountFormDialog.tsx"
import { ListToolbar } from "./ListToolbar.tsx"
import { userRoles } from "./user-list-search.ts"
import { type ListedUser, userKeys, userListQuery } from "./user-queries.ts"
import { UserTable } from "./UserTable.tsx"

const text = peopleMessages.users

/** The "every role" choice of the filter. */
const allRoles = "todos"

const alsoUsers = [userKeys.all]

export const UsersPage = () => {
  const search = useSearch({ from: "/app/usuarios" })
  const setFilter = useListFilter()
  const page = search.pagina ?? 1
  const list = useQuery(userListQuery(search))
  const { announcement, changed } = useBackOfficeChanges(alsoUsers)
  const managed = useManagedItems<ListedUser>({
    deactivate: (user) => call(api.DELETE("/api/users/{id}", { params: { path: { id: user.id } } })),
    deactivated: (user) => text.deactivated(user.name),
    activation: {
      activate: (user) => call(api.PUT("/api/users/{id}", { params: { path: { id: user.id } }, body: { active: true } })),
      activated: (user) => text.activated(user.name)
    },
    onChanged: changed
  })

  return (
    <ListPage
      title={text.title}
      countText={text.count}
      query={list}
      page={page}
      status={<StatusLine announcement={announcement} />}
      toolbar={
        <ListToolbar
          words={search.buscar}
          texts={text}
          filter={
            <NativeSelect
              className="filter"
              label={text.role}
              options={[{ id: allRoles, label: text.allRoles }, ...userRoles.map((role) => ({ id: role, label: messages.roles[role] }))]}
              value={search.rol ?? allRoles}
              onChange={(role) => setFilter("rol", role === allRoles ? undefined : role)}
            />
          }
          onCreate={() => managed.open({ kind: "add" })}
        />
      }
      empty={<EmptyList texts={text.emptyList} page={page} isFiltered={search.buscar !== undefined || search.rol !== undefined} />}
      dialogs={
        <>
          <AccountFormDialog isOpen={managed.formOpen} user={managed.editing} onCancel={managed.close} onSaved={managed.saved} />
          <ConfirmDeactivation
            managed={managed}
            title={text.confirmTitle}
            body={(user) => text.confirmBody(user.name, user.email)}
            activation={{ title: text.activateTitle, body: (user) => text.activateBody(user.name, user.email) }}
          />
        </>
      }
    >
      {(users) => <UserTable users={users} open={managed.open} />}
    </ListPage>
  )
}
