/**
 * Between Siigo's JSON and the ERP domain types: absent or null lists become `[]`,
 * absent scalars become `null`, and request bodies are written in Siigo's snake_case.
 */
import type { ErpCustomer, ErpCustomerInput, ErpPhone, ErpPhoneInput } from "@quote/core/erp/erp-customer"
import type { ErpProduct } from "@quote/core/erp/erp-product"
import type { ErpQuotation, ErpQuotationDocumentType, ErpQuotationRequest } from "@quote/core/erp/erp-quotation"
import type { ErpSeller } from "@quote/core/erp/erp-seller"
import * as DateTime from "effect/DateTime"
import * as Option from "effect/Option"
import type { WireCustomer, WireDocumentType, WireProduct, WireQuotation, WireUser } from "./siigo-wire.ts"
import type { SiigoDiscount } from "./siigo-wire-fields.ts"

type Loose<A> = A | null | undefined

const orNull = <A>(value: Loose<A>): A | null => value ?? null
const text = (value: Loose<string | number>): string | null => value === null || value === undefined ? null : String(value)
const list = <A>(value: Loose<ReadonlyArray<A>>): ReadonlyArray<A> => value ?? []
const utc = (value: Loose<string>): DateTime.Utc | null =>
  value === null || value === undefined ? null : Option.getOrNull(DateTime.make(value).pipe(Option.map(DateTime.toUtc)))

/** `{code, name}`, or a bare code. */
const unitOf = (unit: WireProduct["unit"]): ErpProduct["unit"] =>
  unit === null || unit === undefined
    ? null
    : typeof unit === "object"
    ? { code: text(unit.code) ?? "", name: orNull(unit.name) }
    : { code: String(unit), name: null }

/**
 * A line discount as a value: a number is the value; an object gives its `value`, or
 * its `percentage` of quantity × price (rounded to 2 decimals, as Siigo rounds lines).
 */
export const discountValue = (
  discount: Loose<SiigoDiscount>,
  line: { readonly quantity: number; readonly price: number }
): number => {
  if (discount === null || discount === undefined) return 0
  if (typeof discount === "number") return discount
  if (discount.value !== null && discount.value !== undefined) return discount.value
  if (discount.percentage !== null && discount.percentage !== undefined) {
    return Math.round(line.quantity * line.price * discount.percentage) / 100
  }
  return 0
}

export const toErpProduct = (wire: WireProduct): ErpProduct => ({
  id: wire.id,
  code: wire.code,
  name: text(wire.name) ?? wire.code,
  type: wire.type ?? "Product",
  active: wire.active ?? true,
  stockControl: wire.stock_control ?? false,
  availableQuantity: wire.available_quantity ?? 0,
  taxClassification: orNull(wire.tax_classification),
  taxIncluded: wire.tax_included ?? false,
  taxes: list(wire.taxes).map((tax) => ({
    id: tax.id,
    name: tax.name ?? "",
    type: orNull(tax.type),
    percentage: tax.percentage ?? 0
  })),
  prices: list(wire.prices).map((price) => ({
    currencyCode: price.currency_code,
    priceList: list(price.price_list).map((entry) => ({
      position: entry.position,
      name: orNull(entry.name),
      value: entry.value
    }))
  })),
  unit: unitOf(wire.unit),
  unitLabel: orNull(wire.unit_label),
  reference: text(wire.reference),
  description: orNull(wire.description),
  accountGroup: wire.account_group === null || wire.account_group === undefined
    ? null
    : { id: wire.account_group.id, name: orNull(wire.account_group.name) },
  barcode: text(wire.additional_fields?.barcode),
  brand: orNull(wire.additional_fields?.brand),
  warehouses: list(wire.warehouses).map((warehouse) => ({
    id: warehouse.id,
    name: orNull(warehouse.name),
    quantity: warehouse.quantity ?? 0
  })),
  createdAt: utc(wire.metadata?.created),
  updatedAt: utc(wire.metadata?.last_updated)
})

type WirePhoneValue = NonNullable<NonNullable<WireCustomer["phones"]>[number]>

const toPhone = (phone: Loose<WirePhoneValue>): ErpPhone | null =>
  phone === null || phone === undefined || text(phone.number) === null
    ? null
    : { indicative: text(phone.indicative), number: String(phone.number), extension: text(phone.extension) }

export const toErpCustomer = (wire: WireCustomer): ErpCustomer => {
  const city = wire.address?.city
  return {
    id: wire.id,
    type: wire.type ?? "Customer",
    personType: wire.person_type ?? "Company",
    idType: wire.id_type === null || wire.id_type === undefined
      ? null
      : typeof wire.id_type === "object"
      ? { code: String(wire.id_type.code), name: orNull(wire.id_type.name) }
      : { code: String(wire.id_type), name: null },
    identification: String(wire.identification),
    checkDigit: text(wire.check_digit),
    name: typeof wire.name === "string" ? [wire.name] : list(wire.name),
    commercialName: orNull(wire.commercial_name),
    branchOffice: wire.branch_office ?? 0,
    active: wire.active ?? true,
    vatResponsible: wire.vat_responsible ?? false,
    fiscalResponsibilities: list(wire.fiscal_responsibilities).map((responsibility) =>
      typeof responsibility === "string"
        ? { code: responsibility, name: null }
        : { code: responsibility.code, name: orNull(responsibility.name) }
    ),
    address: wire.address === null || wire.address === undefined
      ? null
      : {
        address: wire.address.address ?? "",
        city: city === null || city === undefined
          ? null
          : {
            countryCode: text(city.country_code) ?? "",
            countryName: orNull(city.country_name),
            stateCode: text(city.state_code) ?? "",
            stateName: orNull(city.state_name),
            cityCode: text(city.city_code) ?? "",
            cityName: orNull(city.city_name)
          },
        postalCode: text(wire.address.postal_code)
      },
    phones: list(wire.phones).map(toPhone).filter((phone) => phone !== null),
    contacts: list(wire.contacts).map((contact) => ({
      firstName: contact.first_name ?? "",
      lastName: orNull(contact.last_name),
      email: orNull(contact.email),
      phone: toPhone(contact.phone)
    })),
    comments: orNull(wire.comments),
    relatedUsers: {
      sellerId: orNull(wire.related_users?.seller_id),
      collectorId: orNull(wire.related_users?.collector_id)
    },
    createdAt: utc(wire.metadata?.created),
    updatedAt: utc(wire.metadata?.last_updated)
  }
}

export const toErpSeller = (wire: WireUser): ErpSeller => ({
  id: wire.id,
  username: text(wire.username) ?? "",
  firstName: orNull(wire.first_name),
  lastName: orNull(wire.last_name),
  email: orNull(wire.email),
  active: wire.active ?? true,
  identification: text(wire.identification)
})

export const toErpDocumentType = (wire: WireDocumentType): ErpQuotationDocumentType => ({
  id: wire.id,
  code: text(wire.code),
  name: wire.name ?? "",
  active: wire.active ?? true,
  costCenterMandatory: wire.cost_center_mandatory ?? false,
  automaticNumber: wire.automatic_number ?? true,
  consecutive: orNull(wire.consecutive),
  discountType: orNull(wire.discount_type),
  decimals: wire.decimals ?? false
})

export const toErpQuotation = (wire: WireQuotation, raw: unknown): ErpQuotation => ({
  id: wire.id,
  documentId: orNull(wire.document?.id),
  number: orNull(wire.number),
  name: orNull(wire.name),
  date: orNull(wire.date),
  customer: wire.customer === null || wire.customer === undefined
    ? null
    : {
      id: orNull(wire.customer.id),
      identification: String(wire.customer.identification),
      branchOffice: wire.customer.branch_office ?? 0
    },
  seller: wire.seller === null || wire.seller === undefined
    ? null
    : typeof wire.seller === "number"
    ? wire.seller
    : wire.seller.id,
  total: wire.total ?? 0,
  observations: orNull(wire.observations),
  items: list(wire.items).map((item) => ({
    id: orNull(item.id),
    code: String(item.code),
    description: orNull(item.description),
    quantity: item.quantity,
    price: item.price,
    discount: discountValue(item.discount, item),
    total: item.total ?? 0
  })),
  publicUrl: orNull(wire.public_url),
  createdAt: utc(wire.metadata?.created),
  raw
})

const phoneBody = (phone: ErpPhoneInput) => ({
  ...(phone.indicative === undefined ? {} : { indicative: phone.indicative }),
  number: phone.number,
  ...(phone.extension === undefined ? {} : { extension: phone.extension })
})

/** The complete customer record in Siigo's shape (for POST, and for PUT, which replaces all). */
export const customerBody = (input: ErpCustomerInput) => ({
  type: input.type ?? "Customer",
  person_type: input.personType,
  id_type: input.idType,
  identification: input.identification,
  ...(input.checkDigit === undefined ? {} : { check_digit: input.checkDigit }),
  name: input.name,
  ...(input.commercialName === undefined ? {} : { commercial_name: input.commercialName }),
  branch_office: input.branchOffice ?? 0,
  active: input.active ?? true,
  vat_responsible: input.vatResponsible ?? false,
  fiscal_responsibilities: input.fiscalResponsibilities.map((code) => ({ code })),
  address: {
    address: input.address.address,
    city: {
      country_code: input.address.city.countryCode,
      state_code: input.address.city.stateCode,
      city_code: input.address.city.cityCode
    },
    ...(input.address.postalCode === undefined ? {} : { postal_code: input.address.postalCode })
  },
  phones: (input.phones ?? []).map(phoneBody),
  contacts: input.contacts.map((contact) => ({
    first_name: contact.firstName,
    ...(contact.lastName === undefined ? {} : { last_name: contact.lastName }),
    ...(contact.email === undefined ? {} : { email: contact.email }),
    ...(contact.phone === undefined ? {} : { phone: phoneBody(contact.phone) })
  })),
  ...(input.comments === undefined ? {} : { comments: input.comments }),
  ...(input.relatedUsers === undefined
    ? {}
    : {
      related_users: {
        ...(input.relatedUsers.sellerId === undefined ? {} : { seller_id: input.relatedUsers.sellerId }),
        ...(input.relatedUsers.collectorId === undefined ? {} : { collector_id: input.relatedUsers.collectorId })
      }
    })
})

export const quotationBody = (request: ErpQuotationRequest) => ({
  document: { id: request.documentId },
  date: request.date,
  customer: {
    identification: request.customer.identification,
    branch_office: request.customer.branchOffice ?? 0
  },
  seller: request.seller,
  ...(request.costCenter === undefined ? {} : { cost_center: request.costCenter }),
  ...(request.currency === undefined
    ? {}
    : { currency: { code: request.currency.code, exchange_rate: request.currency.exchangeRate } }),
  ...(request.observations === undefined ? {} : { observations: request.observations }),
  items: request.items.map((item) => ({
    code: item.code,
    ...(item.description === undefined ? {} : { description: item.description }),
    quantity: item.quantity,
    price: item.price,
    ...(item.discount === undefined ? {} : { discount: item.discount }),
    ...(item.taxes === undefined ? {} : { taxes: item.taxes.map((id) => ({ id })) })
  }))
})
