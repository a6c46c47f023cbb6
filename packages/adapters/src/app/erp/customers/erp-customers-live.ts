/**
 * The ERP customer feature as one layer: the directory (lists, history, sellers), the
 * import and the export. Needs `SqlClient` and `ErpGateway`.
 */
import { Layer } from "effect"
import { ErpCustomerDirectory } from "./customer-directory.ts"
import { ErpCustomerExport } from "./customer-export.ts"
import { ErpCustomerImport } from "./customer-import.ts"

export const ErpCustomersLive = Layer.mergeAll(ErpCustomerDirectory.layer, ErpCustomerImport.layer, ErpCustomerExport.layer)
