/**
 * The spec's Company and Branch resources. Optional text never stored reads as "" (the
 * spec types these fields string); `routeId`, `advisorId`, `latitude`, `longitude` are
 * nullable.
 */
import { Schema } from "effect"

export interface BranchView {
  readonly id: string
  readonly name: string
  readonly address: string
  readonly city: string
  readonly routeId: string | null
  readonly advisorId: string | null
  readonly active: boolean
  readonly latitude: number | null
  readonly longitude: number | null
}

export interface CompanyView {
  readonly id: string
  readonly name: string
  readonly nit: string
  readonly email: string
  readonly phone: string
  readonly address: string
  readonly active: boolean
  readonly branches: ReadonlyArray<BranchView>
}

export const CompanyRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  nit: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  active: Schema.Boolean
})
export type CompanyRow = typeof CompanyRow.Type

export const BranchRow = Schema.Struct({
  id: Schema.String,
  company_id: Schema.String,
  name: Schema.String,
  address: Schema.NullOr(Schema.String),
  city: Schema.NullOr(Schema.String),
  route_id: Schema.NullOr(Schema.String),
  advisor_id: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  latitude: Schema.NullOr(Schema.Number),
  longitude: Schema.NullOr(Schema.Number)
})
export type BranchRow = typeof BranchRow.Type

export const toBranchView = (row: BranchRow): BranchView => ({
  id: row.id,
  name: row.name,
  address: row.address ?? "",
  city: row.city ?? "",
  routeId: row.route_id,
  advisorId: row.advisor_id,
  active: row.active,
  latitude: row.latitude,
  longitude: row.longitude
})

export const toCompanyView = (row: CompanyRow, branches: ReadonlyArray<BranchRow>): CompanyView => ({
  id: row.id,
  name: row.name,
  nit: row.nit,
  email: row.email ?? "",
  phone: row.phone ?? "",
  address: row.address ?? "",
  active: row.active,
  branches: branches.map(toBranchView)
})
