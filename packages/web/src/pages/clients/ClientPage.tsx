/**
 * A client's page (`/clientes/<id>`, advisor and admin): who it is, where it orders from
 * (company, branch, route) and its latest quotations, each opening its detail. An
 * advisor sees only its own clients (another's is "no encontrado"). An admin also edits
 * the client, deactivates or activates it (confirmed) and manages its phones; each change
 * is read back from the service and announced.
 */
import { useQuery } from "@tanstack/react-query"
import { Link, useParams } from "@tanstack/react-router"
import { api, call } from "../../api/client.ts"
import { peopleMessages } from "../../i18n/people-messages.ts"
import { useUser } from "../../session/session.tsx"
import { DetailPage } from "../../ui/DetailPage.tsx"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { Loading } from "../../ui/Loading.tsx"
import { RecordActions } from "../../ui/RecordActions.tsx"
import { useBackOfficeChanges } from "../companies/use-back-office-changes.ts"
import { ClientFacts } from "./ClientFacts.tsx"
import { ClientFormDialog } from "./ClientFormDialog.tsx"
import { ClientPhones } from "./ClientPhones.tsx"
import { ClientQuotations } from "./ClientQuotations.tsx"
import { clientHistoryQuery, type ClientRecord, clientRecordQuery } from "./client-queries.ts"

const text = peopleMessages.client

/** The admin's part: "Editar cliente", "Desactivar"/"Activar cliente", the phones. */
const ClientAdministration = ({ client, onChanged }: {
  readonly client: ClientRecord
  readonly onChanged: (announcement: string) => void
}) => (
  <>
    <RecordActions
      editLabel={text.edit}
      editDialog={(isOpen, close) => (
        <ClientFormDialog
          isOpen={isOpen}
          client={client}
          onCancel={close}
          onSaved={() => {
            close()
            onChanged(text.saved(client.name))
          }}
        />
      )}
      isActive={client.active}
      switchTexts={text.activeSwitch(client.name)}
      onSwitch={(active) => call(api.PUT("/api/clients/{id}", { params: { path: { id: client.id } }, body: { active } }))}
      onChanged={onChanged}
    />
    <ClientPhones client={client} onChanged={onChanged} />
  </>
)

export const ClientPage = () => {
  const { clientId } = useParams({ from: "/app/clientes/$clientId" })
  const isAdmin = useUser().role === "admin"
  const history = useQuery(clientHistoryQuery(clientId))
  const record = useQuery({ ...clientRecordQuery(clientId), enabled: isAdmin })
  const { announcement, changed } = useBackOfficeChanges()

  return (
    <DetailPage
      query={history}
      back={<Link to="/clientes" className="back-link">{text.back}</Link>}
      notFound={{ title: text.notFoundTitle, body: text.notFoundBody }}
      title={({ client }) => ({ heading: client.name, isActive: client.active })}
      inactiveLabel={peopleMessages.clients.inactive}
      announcement={announcement}
    >
      {({ client, quotations }) => (
        <>
          <ClientFacts client={client} record={record.data} />
          {isAdmin && (
            record.isPending
              ? <Loading />
              : record.isError
              ? <ErrorNotice error={record.error} onRetry={() => void record.refetch()} />
              : <ClientAdministration client={record.data} onChanged={changed} />
          )}
          <ClientQuotations quotations={quotations} />
        </>
      )}
    </DetailPage>
  )
}
