/**
 * An admin's status changes of one quotation: a button per status the state machine lets
 * it move to (status-transitions.ts), named by that status ("Aprobar", "Rechazar"), each
 * confirmed. The page then shows the quotation the service answered with; a refusal (say,
 * another admin decided it meanwhile) stays in the dialog and the quotation is read again.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { Button } from "react-aria-components"
import type { components } from "../../api/schema"
import { quotationMessages } from "../../i18n/quotations-messages.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import type { Announce } from "../../ui/StatusLine.tsx"
import type { QuotationStatus } from "./quotation-list-search.ts"
import { changeQuotationStatus, quotationKeys } from "./quotation-queries.ts"
import { statusLabel } from "./QuotationStatusBadge.tsx"
import { transitionsFrom } from "./status-transitions.ts"

type WebQuotation = components["schemas"]["WebQuotation"]

const text = quotationMessages.actions

/** A move that takes something away (a rejection) is red; the others are the page's primary action. */
const toneOf = (status: QuotationStatus) => (status === "rejected" ? "danger" : "primary")

export const StatusActions = ({ quotation, announce }: { readonly quotation: WebQuotation; readonly announce: Announce }) => {
  const queryClient = useQueryClient()
  const [asked, setAsked] = useState<QuotationStatus | undefined>(undefined)
  const change = useMutation({
    mutationFn: (status: QuotationStatus) => changeQuotationStatus(quotation.id, status),
    onSuccess: (changed) => {
      queryClient.setQueryData(quotationKeys.detail(changed.id), changed)
      void queryClient.invalidateQueries({ queryKey: quotationKeys.lists })
      setAsked(undefined)
      announce(text.done(changed.code, statusLabel(changed.status)))
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: quotationKeys.detail(quotation.id) })
  })
  const targets = transitionsFrom(quotation.status)

  if (targets.length === 0) return <p className="muted">{text.none}</p>
  const action = asked === undefined ? "" : text.to[asked]
  return (
    <>
      <div className="row">
        {targets.map((status) => (
          <Button key={status} className={`button ${toneOf(status)}`} onPress={() => {
            change.reset()
            setAsked(status)
          }}>
            {text.to[status]}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        title={text.confirmTitle(action, quotation.code)}
        body={asked === undefined ? "" : text.confirmBody(quotation.code, statusLabel(asked))}
        confirmLabel={action}
        pendingLabel={text.working}
        tone={asked === undefined ? "primary" : toneOf(asked)}
        isOpen={asked !== undefined}
        isPending={change.isPending}
        error={change.error}
        onConfirm={() => asked !== undefined && change.mutate(asked)}
        onCancel={() => setAsked(undefined)}
      />
    </>
  )
}
