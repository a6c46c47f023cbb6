/**
 * A local company as the ERP customer screens show it (spec `GET /customers/local`),
 * with its ERP sync status ("Company ERP sync status"). Shared by the service that reads
 * it and the API that documents it.
 */
import * as Schema from "effect/Schema"
import { Timestamp } from "../shared/fields.ts"
import { BranchId } from "../shared/ids.ts"
import { CompanyProfile } from "../companies/views.ts"

export const ErpSyncStatus = Schema.Literals(["local", "pending", "synced", "error"])
export type ErpSyncStatus = typeof ErpSyncStatus.Type

/** Read in one statement, its columns named as these fields (the branches as `json_agg`). */
export const LocalCustomer = Schema.Struct({
  ...CompanyProfile.fields,
  active: Schema.Boolean,
  erpCustomerId: Schema.NullOr(Schema.String),
  erpSyncStatus: ErpSyncStatus,
  erpOrigin: Schema.Literals(["local", "erp"]),
  erpLastSyncAt: Schema.NullOr(Timestamp),
  erpLastImportAt: Schema.NullOr(Timestamp),
  erpLastError: Schema.NullOr(Schema.String),
  branches: Schema.Array(Schema.Struct({ id: BranchId, name: Schema.String, city: Schema.NullOr(Schema.String) }))
}).annotate({ identifier: "ErpLocalCustomer" })
export type LocalCustomer = typeof LocalCustomer.Type
