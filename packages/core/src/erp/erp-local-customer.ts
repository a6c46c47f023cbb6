/**
 * A local company as the ERP customer screens show it (spec `GET /customers/local`),
 * with its ERP sync status ("Company ERP sync status"). Shared by the service that reads
 * it and the API that documents it.
 */
import { Schema } from "effect"

export const ErpSyncStatus = Schema.Literals(["local", "pending", "synced", "error"])
export type ErpSyncStatus = typeof ErpSyncStatus.Type

export const LocalCustomer = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  nit: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  erpCustomerId: Schema.NullOr(Schema.String),
  erpSyncStatus: ErpSyncStatus,
  erpOrigin: Schema.Literals(["local", "erp"]),
  erpLastSyncAt: Schema.NullOr(Schema.Date),
  erpLastImportAt: Schema.NullOr(Schema.Date),
  erpLastError: Schema.NullOr(Schema.String),
  branches: Schema.Array(Schema.Struct({ id: Schema.String, name: Schema.String, city: Schema.NullOr(Schema.String) }))
})
export type LocalCustomer = typeof LocalCustomer.Type
