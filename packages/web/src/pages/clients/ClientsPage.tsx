/**
 * "Clientes" (advisor and admin): the advisor's clients — an admin's: all, or one
 * advisor's — searched by name or e-mail, 20 a page, with their quotation count and last
 * order; each opens its page. The search, the advisor and the page live in the URL
 * (`/clientes?buscar=ana&asesor=<id>&pagina=2`); "Exportar CSV" downloads every client
 * they select, not only the page. An admin also creates clients here.
 */
import { useQuery } from "@tanstack/react-query"
import { useNavigate, useSearch } from "@tanstack/react-router"
import { useState } from "react"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { useUser } from "../../session/session.tsx"
import { AdvisorListPage } from "../users/AdvisorListPage.tsx"
import { CsvExportButton } from "../../ui/CsvExportButton.tsx"
import { clientCsv, clientListQuery } from "./client-queries.ts"
import { ClientFormDialog } from "./ClientFormDialog.tsx"
import { ClientTable } from "./ClientTable.tsx"

export const ClientsPage = () => {
  const isAdmin = useUser().role === "admin"
  const search = useSearch({ from: "/app/clientes" })
  const navigate = useNavigate()
  const list = useQuery(clientListQuery(search))
  const [creating, setCreating] = useState(false)

  return (
    <AdvisorListPage
      texts={peopleMessages.clients}
      search={search}
      isAdmin={isAdmin}
      query={list}
      onCreate={() => setCreating(true)}
      actions={
        <CsvExportButton
          fetchCsv={() => clientCsv(search)}
          fileBaseName={peopleMessages.clients.exportFile}
          description={peopleMessages.clients.exportHint}
        />
      }
      dialogs={isAdmin && (
        <ClientFormDialog
          isOpen={creating}
          client={undefined}
          onCancel={() => setCreating(false)}
          onSaved={(clientId) => void navigate({ to: "/clientes/$clientId", params: { clientId } })}
        />
      )}
    >
      {(clients) => <ClientTable clients={clients} />}
    </AdvisorListPage>
  )
}
