/**
 * Siigo's JSON as it travels (snake_case). Rule (docs/erp.md, "What is decoded"): a
 * schema requires only the fields the service reads, accepts every documented or
 * plausible shape of those (`siigo-wire-fields.ts`), tolerates an odd shape in a field
 * the service does not rely on (it becomes `null`) and ignores every field it does not
 * name. `siigo-mapping.ts` turns the result into the domain types.
 */
import * as Schema from "effect/Schema"
import { opt, SiigoDiscount, SiigoInt, SiigoNumber, StringOrNumber, tolerated } from "./siigo-wire-fields.ts"

/** Timestamps: informative only (the sync filters on Siigo's side). */
export const WireMetadata = Schema.Struct({
  created: tolerated(Schema.String),
  last_updated: tolerated(Schema.String)
})

/** A product's tax: its id goes on quotation lines; the rest is informative. */
export const WireTax = Schema.Struct({
  id: SiigoInt,
  name: tolerated(Schema.String),
  type: tolerated(Schema.String),
  percentage: tolerated(SiigoNumber)
})

/** Prices feed the price lists: read strictly (a misread price must not be stored). */
export const WirePrice = Schema.Struct({
  currency_code: Schema.String,
  price_list: opt(Schema.Array(Schema.Struct({
    position: SiigoInt,
    name: tolerated(Schema.String),
    value: SiigoNumber
  })))
})

/** `unit` is `{code, name}` in the docs; a bare code is accepted too. */
const WireUnit = Schema.Union([
  Schema.Struct({ code: tolerated(StringOrNumber), name: tolerated(Schema.String) }),
  StringOrNumber
])

/**
 * Read by the catalog sync: id, code, name, active, stock control and quantity, prices,
 * tax ids, unit label, account group. Everything else is tolerated.
 */
export const WireProduct = Schema.Struct({
  id: Schema.String,
  code: Schema.String,
  name: opt(StringOrNumber),
  type: tolerated(Schema.String),
  active: opt(Schema.Boolean),
  stock_control: opt(Schema.Boolean),
  available_quantity: opt(SiigoNumber),
  tax_classification: tolerated(Schema.String),
  tax_included: tolerated(Schema.Boolean),
  taxes: opt(Schema.Array(WireTax)),
  prices: opt(Schema.Array(WirePrice)),
  unit: tolerated(WireUnit),
  unit_label: tolerated(Schema.String),
  reference: tolerated(StringOrNumber),
  description: tolerated(Schema.String),
  account_group: tolerated(Schema.Struct({ id: SiigoInt, name: tolerated(Schema.String) })),
  additional_fields: tolerated(Schema.Struct({ barcode: tolerated(StringOrNumber), brand: tolerated(Schema.String) })),
  warehouses: tolerated(Schema.Array(Schema.Struct({
    id: SiigoInt,
    name: tolerated(Schema.String),
    quantity: tolerated(SiigoNumber)
  }))),
  metadata: tolerated(WireMetadata)
})
export type WireProduct = typeof WireProduct.Type

export const WirePhone = Schema.Struct({
  indicative: opt(StringOrNumber),
  number: opt(StringOrNumber),
  extension: opt(StringOrNumber)
})

/** `{code, name}` in the docs; a bare code (as the create body sends it) is accepted too. */
const WireIdType = Schema.Union([
  Schema.Struct({ code: StringOrNumber, name: tolerated(Schema.String) }),
  StringOrNumber
])

/** `[{code, name}]` in the docs; bare codes are accepted too. */
const WireFiscalResponsibility = Schema.Union([
  Schema.Struct({ code: Schema.String, name: tolerated(Schema.String) }),
  Schema.String
])

/**
 * Read strictly where the record goes back to Siigo: an update is a read-modify-write
 * PUT that replaces the whole record, so a writable field silently dropped here would be
 * blanked in Siigo. Names of codes (city, id type) and timestamps are tolerated.
 */
export const WireCustomer = Schema.Struct({
  id: Schema.String,
  type: opt(Schema.String),
  person_type: opt(Schema.String),
  id_type: opt(WireIdType),
  identification: StringOrNumber,
  check_digit: opt(StringOrNumber),
  /** An array (2 parts for a person, 1 for a company); a plain string is accepted too. */
  name: opt(Schema.Union([Schema.Array(Schema.String), Schema.String])),
  commercial_name: opt(Schema.String),
  branch_office: opt(SiigoInt),
  active: opt(Schema.Boolean),
  vat_responsible: opt(Schema.Boolean),
  fiscal_responsibilities: opt(Schema.Array(WireFiscalResponsibility)),
  address: opt(Schema.Struct({
    address: opt(Schema.String),
    city: opt(Schema.Struct({
      country_code: opt(StringOrNumber),
      country_name: tolerated(Schema.String),
      state_code: opt(StringOrNumber),
      state_name: tolerated(Schema.String),
      city_code: opt(StringOrNumber),
      city_name: tolerated(Schema.String)
    })),
    postal_code: opt(StringOrNumber)
  })),
  phones: opt(Schema.Array(WirePhone)),
  contacts: opt(Schema.Array(Schema.Struct({
    first_name: opt(Schema.String),
    last_name: opt(Schema.String),
    email: opt(Schema.String),
    phone: opt(WirePhone)
  }))),
  comments: opt(Schema.String),
  related_users: opt(Schema.Struct({ seller_id: opt(SiigoInt), collector_id: opt(SiigoInt) })),
  metadata: tolerated(WireMetadata)
})
export type WireCustomer = typeof WireCustomer.Type

/** Only the id is required (it is the quotation's `seller`); the rest is display. */
export const WireUser = Schema.Struct({
  id: SiigoInt,
  username: tolerated(StringOrNumber),
  first_name: tolerated(Schema.String),
  last_name: tolerated(Schema.String),
  email: tolerated(Schema.String),
  active: tolerated(Schema.Boolean),
  identification: tolerated(StringOrNumber)
})
export type WireUser = typeof WireUser.Type

/** The push reads the id and `active`; the rest is informative. */
export const WireDocumentType = Schema.Struct({
  id: SiigoInt,
  code: tolerated(StringOrNumber),
  name: tolerated(Schema.String),
  type: tolerated(Schema.String),
  active: tolerated(Schema.Boolean),
  cost_center_mandatory: tolerated(Schema.Boolean),
  automatic_number: tolerated(Schema.Boolean),
  consecutive: tolerated(SiigoNumber),
  discount_type: tolerated(Schema.String),
  decimals: tolerated(Schema.Boolean)
})
export type WireDocumentType = typeof WireDocumentType.Type

/** `seller` is a user id; an object `{id}` is accepted too. */
const WireSeller = Schema.Union([SiigoInt, Schema.Struct({ id: SiigoInt })])

/**
 * The push reads the id, name, number and `public_url`; the duplicate-safety lookup
 * (`isSameQuotation`) reads customer, seller, date, document, observations and the
 * lines' code, quantity and price. Lines are required to be readable (a quotation whose
 * lines cannot be compared cannot be recognised); everything else is tolerated, and a
 * tolerated matcher field that does not decode is `null`, which the matcher skips.
 */
export const WireQuotation = Schema.Struct({
  id: Schema.String,
  document: tolerated(Schema.Struct({ id: SiigoInt })),
  number: tolerated(SiigoNumber),
  name: tolerated(Schema.String),
  date: tolerated(Schema.String),
  customer: tolerated(Schema.Struct({
    id: tolerated(Schema.String),
    identification: StringOrNumber,
    branch_office: tolerated(SiigoInt)
  })),
  seller: tolerated(WireSeller),
  total: tolerated(SiigoNumber),
  observations: tolerated(Schema.String),
  items: opt(Schema.Array(Schema.Struct({
    id: tolerated(Schema.String),
    code: StringOrNumber,
    description: tolerated(Schema.String),
    quantity: SiigoNumber,
    price: SiigoNumber,
    discount: tolerated(SiigoDiscount),
    total: tolerated(SiigoNumber)
  }))),
  public_url: tolerated(Schema.String),
  metadata: tolerated(WireMetadata)
})
export type WireQuotation = typeof WireQuotation.Type

/**
 * Siigo's list wrapper; items are decoded by the caller. `_links.next` drives pagination
 * (read strictly: a misread link would silently cut the list); `pagination` is the
 * fallback when a list comes without `_links`.
 */
export const WireList = Schema.Struct({
  pagination: tolerated(Schema.Struct({
    page: tolerated(SiigoInt),
    page_size: tolerated(SiigoInt),
    total_results: tolerated(SiigoInt)
  })),
  results: Schema.Array(Schema.Unknown),
  _links: opt(Schema.Struct({
    next: opt(Schema.Struct({ href: opt(Schema.String) }))
  }))
})
export type WireList = typeof WireList.Type

/** Siigo's error envelope `{Status, Errors: [{Code, Message, Params, Detail}]}`. */
export const WireErrorEnvelope = Schema.Struct({
  Status: tolerated(SiigoNumber),
  Errors: Schema.Array(Schema.Struct({
    Code: tolerated(StringOrNumber),
    Message: tolerated(Schema.String),
    Params: tolerated(Schema.Array(Schema.Unknown)),
    Detail: tolerated(Schema.String)
  }))
})
export type WireErrorEnvelope = typeof WireErrorEnvelope.Type

export const WireAuthResponse = Schema.Struct({
  access_token: Schema.String,
  /** Seconds (Siigo's docs say milliseconds; observed calls give 86400). */
  expires_in: SiigoNumber
})
