/**
 * The ERP (Siigo) integration (spec "ERP integration", `/api/integrations/erp`, admin
 * only), one group of four sub-resources, each in its file: settings and connection
 * test (`erp-settings.ts`), product sync with its status and logs (`erp-sync.ts`),
 * customers (`erp-customers.ts`) and quotation pushes (`erp-quotes.ts`). Field names
 * follow the spec, including its snake_case where it shows it. docs/erp-integration.md
 * has the decisions.
 */
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { erpCustomerEndpoints } from "./erp-customers.ts"
import { erpQuoteEndpoints } from "./erp-quotes.ts"
import { erpSettingsEndpoints } from "./erp-settings.ts"
import { erpSyncEndpoints } from "./erp-sync.ts"

export class ErpApi extends HttpApiGroup.make("erp")
  .add(...erpSettingsEndpoints, ...erpSyncEndpoints, ...erpCustomerEndpoints, ...erpQuoteEndpoints)
  .prefix("/api/integrations/erp")
  .annotate(OpenApi.Title, "ERP integration")
{}
