/**
 * Quotations to the ERP as one layer: the push (with the draft it sends) and the lookup
 * of past pushes. Needs `SqlClient`, `ErpGateway`, `ErpSettingsStore` and `AppConfig`.
 */
import { Layer } from "effect"
import { ErpQuotationDrafts } from "./quotation-draft.ts"
import { ErpQuotationLookup } from "./quotation-lookup.ts"
import { ErpQuotationPush } from "./quotation-push.ts"

export const ErpQuotationsLive = Layer.mergeAll(ErpQuotationPush.layer, ErpQuotationLookup.layer).pipe(
  Layer.provide(ErpQuotationDrafts.layer)
)
