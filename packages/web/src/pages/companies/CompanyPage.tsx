/**
 * A company's page (`/empresas/<id>`, advisor and admin): its data and figures and its
 * branches with route and advisor — an advisor's own branches only (a company where it
 * has no active branch is "no encontrada"). An admin edits the company, deactivates or
 * activates it (confirmed) and manages every branch; each change is read back from the
 * service and announced.
 */
import { useQuery } from "@tanstack/react-query"
import { Link, useParams } from "@tanstack/react-router"
import { api, call } from "../../api/client.ts"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { useUser } from "../../session/session.tsx"
import { DetailPage } from "../../ui/DetailPage.tsx"
import { RecordActions } from "../../ui/RecordActions.tsx"
import { CompanyBranches } from "./CompanyBranches.tsx"
import { CompanyFacts } from "./CompanyFacts.tsx"
import { CompanyFormDialog } from "./CompanyFormDialog.tsx"
import { type AdvisorCompany, companyQuery } from "./company-queries.ts"
import { useBackOfficeChanges } from "./use-back-office-changes.ts"

const text = peopleMessages.company

/** "Editar empresa" and "Desactivar"/"Activar empresa" (through its `active` flag). */
const CompanyActions = ({ company, onChanged }: {
  readonly company: AdvisorCompany
  readonly onChanged: (announcement: string) => void
}) => (
  <RecordActions
    editLabel={text.edit}
    editDialog={(isOpen, close) => (
      <CompanyFormDialog
        isOpen={isOpen}
        company={company}
        onCancel={close}
        onSaved={(_, announcement) => {
          close()
          onChanged(announcement)
        }}
      />
    )}
    isActive={company.active}
    switchTexts={text.activeSwitch(company.name)}
    onSwitch={(active) => call(api.PUT("/api/companies/{id}", { params: { path: { id: company.id } }, body: { active } }))}
    onChanged={onChanged}
  />
)

export const CompanyPage = () => {
  const { companyId } = useParams({ from: "/app/empresas/$companyId" })
  const isAdmin = useUser().role === "admin"
  const company = useQuery(companyQuery(companyId))
  const { announcement, changed } = useBackOfficeChanges()

  return (
    <DetailPage
      query={company}
      back={<Link to="/empresas" className="back-link">{text.back}</Link>}
      notFound={{ title: text.notFoundTitle, body: text.notFoundBody }}
      title={(found) => ({ heading: found.name, isActive: found.active })}
      inactiveLabel={peopleMessages.companies.inactive}
      announcement={announcement}
    >
      {(found) => (
        <>
          {isAdmin && <CompanyActions company={found} onChanged={changed} />}
          <CompanyFacts company={found} isAdmin={isAdmin} />
          <CompanyBranches company={found} isAdmin={isAdmin} onChanged={changed} />
        </>
      )}
    </DetailPage>
  )
}
