/**
 * The failures of any call that reaches the ERP, shared by the ERP endpoints
 * (`/api/integrations/erp`, `/api/cron/erp-sync`).
 */
import { ErpAuthFailed, ErpHttpError, ErpNotConfigured, ErpNotConnected } from "@quote/core/erp/errors"
import { errorEnvelopes } from "./error-envelope.ts"

/** Every failure of a call that reaches the ERP. */
export const erpFailures = errorEnvelopes(ErpNotConfigured, ErpAuthFailed, ErpHttpError, ErpNotConnected)

