/**
 * Siigo's JSON as it travels (snake_case), decoded leniently: Siigo omits fields
 * (`prices`, `taxes`, ...) and sends `null`s, so all but the identifying fields are
 * optional and nullable here; `siigo-mapping.ts` turns them into the domain types.
 */
import { Schema } from "effect"

/** Absent, `undefined` or `null`. */
const opt = <S extends Schema.Constraint>(schema: S) => Schema.optional(Schema.NullOr(schema))

/** Siigo sends some codes as numbers in places and strings in others. */
const StringOrNumber = Schema.Union([Schema.String, Schema.Number])

export const WireMetadata = Schema.Struct({
  created: opt(Schema.String),
  last_updated: opt(Schema.String)
})

export const WireTax = Schema.Struct({
  id: Schema.Number,
  name: opt(Schema.String),
  type: opt(Schema.String),
  percentage: opt(Schema.Number)
})

export const WirePrice = Schema.Struct({
  currency_code: Schema.String,
  price_list: opt(Schema.Array(Schema.Struct({
    position: Schema.Number,
    name: opt(Schema.String),
    value: Schema.Number
  })))
})

export const WireProduct = Schema.Struct({
  id: Schema.String,
  code: Schema.String,
  name: opt(Schema.String),
  type: opt(Schema.String),
  active: opt(Schema.Boolean),
  stock_control: opt(Schema.Boolean),
  available_quantity: opt(Schema.Number),
  tax_classification: opt(Schema.String),
  tax_included: opt(Schema.Boolean),
  taxes: opt(Schema.Array(WireTax)),
  prices: opt(Schema.Array(WirePrice)),
  unit: opt(Schema.Struct({ code: StringOrNumber, name: opt(Schema.String) })),
  unit_label: opt(Schema.String),
  reference: opt(Schema.String),
  description: opt(Schema.String),
  account_group: opt(Schema.Struct({ id: Schema.Number, name: opt(Schema.String) })),
  additional_fields: opt(Schema.Struct({ barcode: opt(Schema.String), brand: opt(Schema.String) })),
  warehouses: opt(Schema.Array(Schema.Struct({
    id: Schema.Number,
    name: opt(Schema.String),
    quantity: opt(Schema.Number)
  }))),
  metadata: opt(WireMetadata)
})
export type WireProduct = typeof WireProduct.Type

export const WirePhone = Schema.Struct({
  indicative: opt(StringOrNumber),
  number: opt(StringOrNumber),
  extension: opt(StringOrNumber)
})

export const WireCustomer = Schema.Struct({
  id: Schema.String,
  type: opt(Schema.String),
  person_type: opt(Schema.String),
  id_type: opt(Schema.Struct({ code: StringOrNumber, name: opt(Schema.String) })),
  identification: StringOrNumber,
  check_digit: opt(StringOrNumber),
  name: opt(Schema.Array(Schema.String)),
  commercial_name: opt(Schema.String),
  branch_office: opt(Schema.Number),
  active: opt(Schema.Boolean),
  vat_responsible: opt(Schema.Boolean),
  fiscal_responsibilities: opt(Schema.Array(Schema.Struct({ code: Schema.String, name: opt(Schema.String) }))),
  address: opt(Schema.Struct({
    address: opt(Schema.String),
    city: opt(Schema.Struct({
      country_code: opt(StringOrNumber),
      country_name: opt(Schema.String),
      state_code: opt(StringOrNumber),
      state_name: opt(Schema.String),
      city_code: opt(StringOrNumber),
      city_name: opt(Schema.String)
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
  related_users: opt(Schema.Struct({ seller_id: opt(Schema.Number), collector_id: opt(Schema.Number) })),
  metadata: opt(WireMetadata)
})
export type WireCustomer = typeof WireCustomer.Type

export const WireUser = Schema.Struct({
  id: Schema.Number,
  username: opt(Schema.String),
  first_name: opt(Schema.String),
  last_name: opt(Schema.String),
  email: opt(Schema.String),
  active: opt(Schema.Boolean),
  identification: opt(StringOrNumber)
})
export type WireUser = typeof WireUser.Type

export const WireDocumentType = Schema.Struct({
  id: Schema.Number,
  code: opt(StringOrNumber),
  name: opt(Schema.String),
  type: opt(Schema.String),
  active: opt(Schema.Boolean),
  cost_center_mandatory: opt(Schema.Boolean),
  automatic_number: opt(Schema.Boolean),
  consecutive: opt(Schema.Number),
  discount_type: opt(Schema.String),
  decimals: opt(Schema.Boolean)
})
export type WireDocumentType = typeof WireDocumentType.Type

export const WireQuotation = Schema.Struct({
  id: Schema.String,
  document: opt(Schema.Struct({ id: Schema.Number })),
  number: opt(Schema.Number),
  name: opt(Schema.String),
  date: opt(Schema.String),
  customer: opt(Schema.Struct({
    id: opt(Schema.String),
    identification: StringOrNumber,
    branch_office: opt(Schema.Number)
  })),
  seller: opt(Schema.Number),
  total: opt(Schema.Number),
  observations: opt(Schema.String),
  items: opt(Schema.Array(Schema.Struct({
    id: opt(Schema.String),
    code: Schema.String,
    description: opt(Schema.String),
    quantity: Schema.Number,
    price: Schema.Number,
    discount: opt(Schema.Number),
    total: opt(Schema.Number)
  }))),
  public_url: opt(Schema.String),
  metadata: opt(WireMetadata)
})
export type WireQuotation = typeof WireQuotation.Type

/** Siigo's list wrapper; items are decoded one by one by the caller. */
export const WireList = Schema.Struct({
  pagination: opt(Schema.Struct({
    page: opt(Schema.Number),
    page_size: opt(Schema.Number),
    total_results: opt(Schema.Number)
  })),
  results: Schema.Array(Schema.Unknown),
  _links: opt(Schema.Struct({
    next: opt(Schema.Struct({ href: Schema.String }))
  }))
})
export type WireList = typeof WireList.Type

/** Siigo's error envelope `{Status, Errors: [{Code, Message, Params, Detail}]}`. */
export const WireErrorEnvelope = Schema.Struct({
  Status: opt(Schema.Number),
  Errors: Schema.Array(Schema.Struct({
    Code: opt(Schema.String),
    Message: opt(Schema.String),
    Params: opt(Schema.Array(Schema.Unknown)),
    Detail: opt(Schema.String)
  }))
})
export type WireErrorEnvelope = typeof WireErrorEnvelope.Type

export const WireAuthResponse = Schema.Struct({
  access_token: Schema.String,
  /** Seconds (Siigo's docs say milliseconds; observed calls give 86400). */
  expires_in: Schema.Number
})
