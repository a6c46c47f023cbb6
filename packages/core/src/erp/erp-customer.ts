/**
 * A customer (third party) in the ERP: Siigo `/v1/customers`. `ErpCustomer` is what
 * Siigo returns; `ErpCustomerInput` is what the service sends to create one. Siigo's
 * `PUT` replaces the whole record, so an update is a read-modify-write done by the
 * adapter: `ErpCustomerUpdate` lists only the fields to change.
 */
import * as Schema from "effect/Schema"

export const ErpPhone = Schema.Struct({
  indicative: Schema.NullOr(Schema.String),
  number: Schema.String,
  extension: Schema.NullOr(Schema.String)
})
export type ErpPhone = typeof ErpPhone.Type

export const ErpContact = Schema.Struct({
  firstName: Schema.String,
  lastName: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(ErpPhone)
})
export type ErpContact = typeof ErpContact.Type

export const ErpCity = Schema.Struct({
  countryCode: Schema.String,
  countryName: Schema.NullOr(Schema.String),
  stateCode: Schema.String,
  stateName: Schema.NullOr(Schema.String),
  cityCode: Schema.String,
  cityName: Schema.NullOr(Schema.String)
})
export type ErpCity = typeof ErpCity.Type

export const ErpAddress = Schema.Struct({
  address: Schema.String,
  city: Schema.NullOr(ErpCity),
  postalCode: Schema.NullOr(Schema.String)
})
export type ErpAddress = typeof ErpAddress.Type

export const ErpCustomer = Schema.Struct({
  id: Schema.String,
  /** `Customer`, `Supplier`, `Other`. */
  type: Schema.String,
  /** `Person` or `Company`. */
  personType: Schema.String,
  /** `31` = NIT, `13` = cédula. */
  idType: Schema.NullOr(Schema.Struct({ code: Schema.String, name: Schema.NullOr(Schema.String) })),
  identification: Schema.String,
  checkDigit: Schema.NullOr(Schema.String),
  /** Two entries for a person (first names, last names), one for a company. */
  name: Schema.Array(Schema.String),
  commercialName: Schema.NullOr(Schema.String),
  branchOffice: Schema.Int,
  active: Schema.Boolean,
  vatResponsible: Schema.Boolean,
  fiscalResponsibilities: Schema.Array(Schema.Struct({ code: Schema.String, name: Schema.NullOr(Schema.String) })),
  address: Schema.NullOr(ErpAddress),
  phones: Schema.Array(ErpPhone),
  contacts: Schema.Array(ErpContact),
  comments: Schema.NullOr(Schema.String),
  relatedUsers: Schema.Struct({ sellerId: Schema.NullOr(Schema.Int), collectorId: Schema.NullOr(Schema.Int) }),
  createdAt: Schema.NullOr(Schema.DateTimeUtcFromString),
  updatedAt: Schema.NullOr(Schema.DateTimeUtcFromString)
})
export type ErpCustomer = typeof ErpCustomer.Type

/** The name to show: the commercial name if any, else the name parts joined. */
export const erpCustomerDisplayName = (customer: ErpCustomer): string =>
  customer.commercialName !== null && customer.commercialName.trim() !== ""
    ? customer.commercialName
    : customer.name.join(" ").trim()

export const ErpPhoneInput = Schema.Struct({
  indicative: Schema.optionalKey(Schema.String),
  number: Schema.String,
  extension: Schema.optionalKey(Schema.String)
})
export type ErpPhoneInput = typeof ErpPhoneInput.Type

export const ErpContactInput = Schema.Struct({
  firstName: Schema.NonEmptyString,
  lastName: Schema.optionalKey(Schema.String),
  email: Schema.optionalKey(Schema.String),
  phone: Schema.optionalKey(ErpPhoneInput)
})
export type ErpContactInput = typeof ErpContactInput.Type

/**
 * What Siigo requires to create a customer: person type, id type, identification,
 * name, fiscal responsibilities (commonly `R-99-PN`), address with city codes
 * (e.g. `Co`/`11`/`11001`) and at least one contact with a first name (documents for
 * customers without contacts fail with `customer_settings`).
 */
export const ErpCustomerInput = Schema.Struct({
  type: Schema.optionalKey(Schema.Literals(["Customer", "Supplier", "Other"])),
  personType: Schema.Literals(["Person", "Company"]),
  idType: Schema.String,
  /** Digits only, no check digit. */
  identification: Schema.String.check(Schema.isPattern(/^[0-9]{3,13}$/)),
  /** Computed by Siigo when omitted. */
  checkDigit: Schema.optionalKey(Schema.String),
  name: Schema.Array(Schema.String),
  commercialName: Schema.optionalKey(Schema.String),
  branchOffice: Schema.optionalKey(Schema.Int),
  active: Schema.optionalKey(Schema.Boolean),
  vatResponsible: Schema.optionalKey(Schema.Boolean),
  fiscalResponsibilities: Schema.Array(Schema.String),
  address: Schema.Struct({
    address: Schema.String,
    city: Schema.Struct({ countryCode: Schema.String, stateCode: Schema.String, cityCode: Schema.String }),
    postalCode: Schema.optionalKey(Schema.String)
  }),
  phones: Schema.optionalKey(Schema.Array(ErpPhoneInput)),
  contacts: Schema.Array(ErpContactInput),
  comments: Schema.optionalKey(Schema.String),
  relatedUsers: Schema.optionalKey(Schema.Struct({
    sellerId: Schema.optionalKey(Schema.Int),
    collectorId: Schema.optionalKey(Schema.Int)
  }))
})
export type ErpCustomerInput = typeof ErpCustomerInput.Type

/** The fields to change; every other field keeps its current value in Siigo. */
export type ErpCustomerUpdate = Partial<ErpCustomerInput>

/** `listCustomers` query: `name` is matched by the adapter (Siigo has no name filter). */
export interface ErpCustomerQuery {
  readonly page: number
  readonly pageSize: number
  readonly name?: string
  readonly identification?: string
}

const nonNull = <A>(value: A | null): value is A => value !== null

/**
 * The full writable record of an existing customer, as an input: the base of a
 * read-modify-write update (Siigo's PUT blanks whatever is not sent).
 */
export const erpCustomerToInput = (customer: ErpCustomer): ErpCustomerInput => {
  const phoneInput = (phone: ErpPhone): ErpPhoneInput => ({
    number: phone.number,
    ...(phone.indicative === null ? {} : { indicative: phone.indicative }),
    ...(phone.extension === null ? {} : { extension: phone.extension })
  })
  const type = customer.type === "Supplier" || customer.type === "Other" ? customer.type : "Customer"
  const { sellerId, collectorId } = customer.relatedUsers
  return {
    type,
    personType: customer.personType === "Person" ? "Person" : "Company",
    idType: customer.idType?.code ?? "31",
    identification: customer.identification,
    ...(customer.checkDigit === null ? {} : { checkDigit: customer.checkDigit }),
    name: customer.name,
    ...(customer.commercialName === null ? {} : { commercialName: customer.commercialName }),
    branchOffice: customer.branchOffice,
    active: customer.active,
    vatResponsible: customer.vatResponsible,
    fiscalResponsibilities: customer.fiscalResponsibilities.map((responsibility) => responsibility.code),
    address: {
      address: customer.address?.address ?? "",
      city: {
        countryCode: customer.address?.city?.countryCode ?? "",
        stateCode: customer.address?.city?.stateCode ?? "",
        cityCode: customer.address?.city?.cityCode ?? ""
      },
      ...(customer.address?.postalCode == null ? {} : { postalCode: customer.address.postalCode })
    },
    phones: customer.phones.map(phoneInput),
    contacts: customer.contacts.map((contact) => ({
      firstName: contact.firstName,
      ...(contact.lastName === null ? {} : { lastName: contact.lastName }),
      ...(contact.email === null ? {} : { email: contact.email }),
      ...(contact.phone === null ? {} : { phone: phoneInput(contact.phone) })
    })),
    ...(customer.comments === null ? {} : { comments: customer.comments }),
    ...([sellerId, collectorId].some(nonNull)
      ? {
        relatedUsers: {
          ...(sellerId === null ? {} : { sellerId }),
          ...(collectorId === null ? {} : { collectorId })
        }
      }
      : {})
  }
}
