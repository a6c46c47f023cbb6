/** The company's active branches, with "Agregar sucursal", "Editar" and "Desactivar". */
import { api, call } from "../../api/client.ts"
import { messages } from "../../i18n/messages.ts"
import { ListSection } from "../../ui/ListSection.tsx"
import { useManagedItems } from "../../ui/use-managed-items.ts"
import { ConfirmDeactivation } from "../../ui/ConfirmDeactivation.tsx"
import { EditDeactivateActions } from "../../ui/EditDeactivateActions.tsx"
import type { Branch } from "../order/order-queries.ts"
import { BranchFormDialog } from "./BranchFormDialog.tsx"

const text = messages.branches

const orDash = (value: string | null) => (value === null || value.trim() === "" ? messages.company.notGiven : value)

export const BranchesSection = ({ branches, onChanged }: {
  readonly branches: ReadonlyArray<Branch>
  readonly onChanged: (announcement: string) => void
}) => {
  const managed = useManagedItems<Branch>({
    deactivate: (branch) => call(api.DELETE("/api/my-company/branches/{id}", { params: { path: { id: branch.id } } })),
    deactivated: (branch) => text.deactivated(branch.name),
    onChanged
  })
  const { formOpen, editing, open, close, saved } = managed

  return (
    <ListSection
      id="branches-title"
      texts={text}
      onAdd={() => open({ kind: "add" })}
      columns={[text.name, text.city, text.address, text.route]}
      rows={branches.map((branch) => (
        <tr key={branch.id}>
          <th scope="row" className="card-title break-anywhere">{branch.name}</th>
          <td data-label={text.city}>{orDash(branch.city)}</td>
          <td data-label={text.address} className="break-anywhere">{orDash(branch.address)}</td>
          <td data-label={text.route}>
            {branch.routeName === null ? text.noRoute : text.routeOf(branch.routeName)}
          </td>
          <EditDeactivateActions item={branch} name={branch.name} texts={text} open={open} />
        </tr>
      ))}
    >
      <BranchFormDialog
        isOpen={formOpen}
        branch={editing}
        onCancel={close}
        onSaved={saved}
      />
      <ConfirmDeactivation managed={managed} title={text.confirmTitle} body={(branch) => text.confirmBody(branch.name)} />
    </ListSection>
  )
}
