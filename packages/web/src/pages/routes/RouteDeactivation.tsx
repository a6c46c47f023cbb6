/**
 * "Desactivar" a route (`DELETE /api/routes/:id`), confirmed: the dialog says that its
 * branches can no longer order; the service's refusal stays in the dialog.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { Button } from "react-aria-components"
import { routeMessages } from "../../i18n/operations-messages.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import type { Route } from "./route-draft.ts"
import { deactivateRoute, routeKeys } from "./route-queries.ts"

const text = routeMessages

export const RouteDeactivation = ({ route, small = false, onDeactivated }: {
  readonly route: Route
  /** The compact button of a table row. */
  readonly small?: boolean
  readonly onDeactivated: (announcement: string) => void
}) => {
  const [isOpen, setOpen] = useState(false)
  const queryClient = useQueryClient()
  const deactivation = useMutation({
    mutationFn: () => deactivateRoute(route.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: routeKeys.list })
      setOpen(false)
      onDeactivated(text.deactivated(route.name))
    }
  })
  return (
    <>
      <Button
        className={small ? "button danger small" : "button danger"}
        aria-label={text.deactivateLabel(route.name)}
        onPress={() => {
          deactivation.reset()
          setOpen(true)
        }}
      >
        {text.deactivate}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={text.confirmTitle}
        body={text.confirmBody(route.name)}
        confirmLabel={text.deactivate}
        pendingLabel={text.deactivating}
        isPending={deactivation.isPending}
        error={deactivation.error}
        onConfirm={() => deactivation.mutate()}
        onCancel={() => setOpen(false)}
      />
    </>
  )
}
