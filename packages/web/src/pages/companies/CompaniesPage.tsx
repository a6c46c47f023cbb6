/**
 * "Empresas" (advisor and admin): an advisor's companies — those where it has an active
 * branch, with "Mis sucursales" — or, for an admin, every company (or one advisor's),
 * searched by name or NIT and paged by the service (`/empresas?buscar=&asesor=&pagina=`).
 * Each opens its page; an admin also creates companies here.
 */
import { useQuery } from "@tanstack/react-query"
import { useNavigate, useSearch } from "@tanstack/react-router"
import { useState } from "react"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { useUser } from "../../session/session.tsx"
import { AdvisorListPage } from "../users/AdvisorListPage.tsx"
import { CompanyFormDialog } from "./CompanyFormDialog.tsx"
import { companyListQuery } from "./company-queries.ts"
import { CompanyTable } from "./CompanyTable.tsx"

export const CompaniesPage = () => {
  const isAdmin = useUser().role === "admin"
  const search = useSearch({ from: "/app/empresas" })
  const navigate = useNavigate()
  const list = useQuery(companyListQuery(search))
  const [creating, setCreating] = useState(false)

  return (
    <AdvisorListPage
      texts={peopleMessages.companies}
      search={search}
      isAdmin={isAdmin}
      query={list}
      onCreate={() => setCreating(true)}
      dialogs={isAdmin && (
        <CompanyFormDialog
          isOpen={creating}
          company={undefined}
          onCancel={() => setCreating(false)}
          onSaved={(companyId) => void navigate({ to: "/empresas/$companyId", params: { companyId } })}
        />
      )}
    >
      {(companies) => <CompanyTable companies={companies} isAdmin={isAdmin} />}
    </AdvisorListPage>
  )
}
