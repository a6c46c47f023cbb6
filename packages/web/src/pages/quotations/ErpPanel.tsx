/**
 * The quotation in the accounting system (ERP): whether it was sent and, once it was,
 * its ERP document id and the link to it (`erp` of the quotation, stored by the push).
 * An admin sends an approved quotation (`POST /api/integrations/erp/quotations/:id/push`,
 * confirmed); the outcome — the ERP's number, or why it was refused (`MISSING_SELLER_ID`,
 * `ERP_NOT_CONFIGURED`, … as Spanish sentences) — stays on the page, and the quotation is
 * read again (it is now `synced`, with its link). An admin also sees the sends so far of
 * a quotation that can have some (approved or sent; the ERP screen's `ErpPushHistory`).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { Button } from "react-aria-components"
import { describeFailure } from "../../api/failure.ts"
import type { components } from "../../api/schema"
import { quotationMessages } from "../../i18n/quotations-messages.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import type { Announce } from "../../ui/StatusLine.tsx"
import { erpKeys } from "../erp/erp-queries.ts"
import { ErpPushHistory } from "../erp/ErpPushHistory.tsx"
import { pushQuotationToErp, quotationKeys } from "./quotation-queries.ts"

type WebQuotation = components["schemas"]["WebQuotation"]

const text = quotationMessages.erp

const ErpState = ({ erp }: { readonly erp: WebQuotation["erp"] }) =>
  erp.quotationId === null
    ? <p>{text.notSent}</p>
    : (
      <>
        <p>{text.sent(erp.quotationId)}</p>
        {erp.url === null
          ? <p className="muted small">{text.linkMissing}</p>
          : <p><a href={erp.url} target="_blank" rel="noopener noreferrer">{text.link}</a></p>}
      </>
    )

const PushToErp = ({ quotation, announce }: { readonly quotation: WebQuotation; readonly announce: Announce }) => {
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const push = useMutation({
    mutationFn: () => pushQuotationToErp(quotation.id),
    onSuccess: (pushed) => announce(text.pushed(String(pushed.erpResponse.number ?? pushed.erpQuoteId))),
    onError: (error) => announce(describeFailure(error).sentence, "error"),
    onSettled: () => {
      setAsking(false)
      void queryClient.invalidateQueries({ queryKey: quotationKeys.detail(quotation.id) })
      void queryClient.invalidateQueries({ queryKey: quotationKeys.lists })
      void queryClient.invalidateQueries({ queryKey: erpKeys.quoteHistory(quotation.id) })
    }
  })
  return (
    <>
      <Button className="button primary" onPress={() => setAsking(true)}>{text.push}</Button>
      <ConfirmDialog
        title={text.pushTitle(quotation.code)}
        body={text.pushBody(quotation.code)}
        confirmLabel={text.push}
        pendingLabel={text.pushing}
        tone="primary"
        isOpen={asking}
        isPending={push.isPending}
        error={null}
        onConfirm={() => push.mutate()}
        onCancel={() => setAsking(false)}
      />
    </>
  )
}

export const ErpPanel = ({ quotation, isAdmin, announce }: {
  readonly quotation: WebQuotation
  readonly isAdmin: boolean
  readonly announce: Announce
}) => (
  <div className="stack">
    <ErpState erp={quotation.erp} />
    {isAdmin && quotation.erp.quotationId === null && (
      quotation.status === "approved"
        ? <div><PushToErp quotation={quotation} announce={announce} /></div>
        : <p className="muted small">{text.onlyApproved}</p>
    )}
    {isAdmin && (quotation.status === "approved" || quotation.status === "synced" || quotation.erp.quotationId !== null) && (
      <section className="stack" aria-labelledby="erp-pushes-title">
        <h3 id="erp-pushes-title">{text.pushes}</h3>
        <ErpPushHistory quotationId={quotation.id} />
      </section>
    )}
  </div>
)
