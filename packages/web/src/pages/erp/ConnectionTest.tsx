/**
 * "Probar conexión": asks the ERP for a session with the stored settings and a sample of
 * products; the outcome (who the ERP accepted, or why it refused) is said beside the button.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Button } from "react-aria-components"
import { api, call } from "../../api/client.ts"
import { erpMessages } from "../../i18n/erp-messages.ts"
import { ErrorNotice } from "../../ui/ErrorNotice.tsx"
import { StatusLine } from "../../ui/StatusLine.tsx"
import { erpKeys } from "./erp-queries.ts"

const text = erpMessages.connection

export const ConnectionTest = () => {
  const queryClient = useQueryClient()
  const test = useMutation({
    mutationFn: () => call(api.POST("/api/integrations/erp/test-connection")),
    // The token's expiry is shown with the settings.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: erpKeys.settings })
  })
  return (
    <div className="stack">
      <div className="row">
        <Button className="button secondary" onPress={() => test.mutate()} isDisabled={test.isPending}>
          {test.isPending ? text.testing : text.test}
        </Button>
      </div>
      <StatusLine announcement={test.data === undefined ? undefined : text.ok(test.data.username, test.data.partnerId, test.data.productCountSample)} />
      {test.isError && <ErrorNotice error={test.error} />}
    </div>
  )
}
