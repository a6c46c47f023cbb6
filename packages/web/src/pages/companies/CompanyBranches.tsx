/**
 * A company's branches with their route and advisor. An advisor sees its own branches
 * there and only reads them; an admin sees every branch, adds and edits them (route and
 * advisor included), and deactivates or activates one (confirmed).
 */
import { useQuery } from "@tanstack/react-query"
import { api, call } from "../../api/client.ts"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { ConfirmDeactivation } from "../../ui/ConfirmDeactivation.tsx"
import { EditDeactivateActions } from "../../ui/EditDeactivateActions.tsx"
import { ListSection } from "../../ui/ListSection.tsx"
import { useManagedItems } from "../../ui/use-managed-items.ts"
import { advisorsQuery } from "../users/user-queries.ts"
import { CompanyBranchFormDialog } from "./CompanyBranchFormDialog.tsx"
import { type AdvisorBranch, type AdvisorCompany, routeChoicesQuery } from "./company-queries.ts"

const text = peopleMessages.companyBranches

export const CompanyBranches = ({ company, isAdmin, onChanged }: {
  readonly company: AdvisorCompany
  readonly isAdmin: boolean
  readonly onChanged: (announcement: string) => void
}) => {
  const routes = useQuery(routeChoicesQuery)
  const advisors = useQuery({ ...advisorsQuery, enabled: isAdmin })
  const path = (branch: AdvisorBranch) => ({ params: { path: { id: company.id, branchId: branch.id } } })
  const managed = useManagedItems<AdvisorBranch>({
    deactivate: (branch) => call(api.DELETE("/api/companies/{id}/branches/{branchId}", path(branch))),
    deactivated: (branch) => text.deactivated(branch.name),
    activation: {
      activate: (branch) => call(api.PUT("/api/companies/{id}/branches/{branchId}", { ...path(branch), body: { active: true } })),
      activated: (branch) => text.activated(branch.name)
    },
    onChanged
  })
  const { formOpen, editing, open, close, saved } = managed

  const routeName = (id: string | null) =>
    id === null ? text.noRoute : routes.data?.items.find((route) => route.id === id)?.name ?? text.unknown
  const advisorName = (id: string | null) =>
    id === null ? text.noAdvisor : !isAdmin ? text.you : advisors.data?.find((advisor) => advisor.id === id)?.name ?? text.unknown

  return (
    <ListSection
      id="company-branches-title"
      texts={isAdmin ? text : { ...text, title: text.mine }}
      {...(isAdmin ? { onAdd: () => open({ kind: "add" }) } : {})}
      columns={[text.name, text.city, text.address, text.route, text.advisor, text.state]}
      rows={company.myBranches.map((branch) => (
        <tr key={branch.id}>
          <th scope="row" className="card-title break-anywhere">{branch.name}</th>
          <td data-label={text.city}>{branch.city === null || branch.city === "" ? text.none : branch.city}</td>
          <td data-label={text.address} className="break-anywhere">{branch.address === null || branch.address === "" ? text.none : branch.address}</td>
          <td data-label={text.route} className="break-anywhere">{routeName(branch.routeId)}</td>
          <td data-label={text.advisor} className="break-anywhere">{advisorName(branch.advisorId)}</td>
          <td data-label={text.state}>
            <span className={branch.active ? "tag" : "tag tag-off"}>{branch.active ? text.active : text.inactive}</span>
          </td>
          {isAdmin && <EditDeactivateActions item={branch} name={branch.name} texts={text} open={open} isActive={branch.active} />}
        </tr>
      ))}
    >
      {isAdmin && (
        <>
          <CompanyBranchFormDialog isOpen={formOpen} companyId={company.id} branch={editing} onCancel={close} onSaved={saved} />
          <ConfirmDeactivation
            managed={managed}
            title={text.confirmTitle}
            body={(branch) => text.confirmBody(branch.name)}
            activation={{ title: text.activateTitle, body: (branch) => text.activateBody(branch.name) }}
          />
        </>
      )}
    </ListSection>
  )
}
