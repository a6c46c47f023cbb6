/** The company's active branches, with "Agregar sucursal", "Editar" and "Desactivar". */
import { api, call } from "../../api/client.ts"
import { messages } from "../../i18n/messages.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { ListSection } from "../../ui/ListSection.tsx"
import { useManagedItems } from "./use-managed-items.ts"
import { EditDeactivateActions } from "./EditDeactivateActions.tsx"
import type { Branch } from "../order/order-queries.ts"
import { BranchFormDialog } from "./BranchFormDialog.tsx"

const text = messages.branches

const orDash = (value: string | null) => (value === null || value.trim() === "" ? messages.company.notGiven : value)

export const BranchesSection = ({ branches, onChanged }: {
  readonly branches: ReadonlyArray<Branch>
  readonly onChanged: (announcement: string) => void
}) => {
  const { dialog, deactivation, open, close, saved } = useManagedItems<Branch>({
    deactivate: (branch) => call(api.DELETE("/api/my-company/branches/{id}", { params: { path: { id: branch.id } } })),
    deactivated: (branch) => text.deactivated(branch.name),
    onChanged
  })

  return (
    <ListSection
      id="branches-title"
      texts={text}
      onAdd={() => open({ kind: "add" })}
      columns={[text.name, text.city, text.address, text.route]}
      rows={branches.map((branch) => (
        <tr key={branch.id}>
          <th scope="row" className="card-title">{branch.name}</th>
          <td data-label={text.city}>{orDash(branch.city)}</td>
          <td data-label={text.address}>{orDash(branch.address)}</td>
          <td data-label={text.route}>
            {branch.routeName === null ? text.noRoute : text.routeOf(branch.routeName)}
          </td>
          <td className="actions-cell">
            <EditDeactivateActions
              editLabel={text.editLabel(branch.name)}
              deactivateLabel={text.deactivateLabel(branch.name)}
              onEdit={() => open({ kind: "edit", item: branch })}
              onDeactivate={() => open({ kind: "deactivate", item: branch })}
            />
          </td>
        </tr>
      ))}
    >
      <BranchFormDialog
        isOpen={dialog?.kind === "add" || dialog?.kind === "edit"}
        branch={dialog?.kind === "edit" ? dialog.item : undefined}
        onCancel={close}
        onSaved={saved}
      />
      <ConfirmDialog
        isOpen={dialog?.kind === "deactivate"}
        title={text.confirmTitle}
        body={dialog?.kind === "deactivate" ? text.confirmBody(dialog.item.name) : ""}
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
