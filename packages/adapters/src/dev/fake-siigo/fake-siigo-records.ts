/**
 * The fake Siigo's records, kept in Siigo's own JSON shape (snake_case) so that what
 * the fake serves is what the real API serves. Optional fields (`prices`, `taxes`) are
 * really absent on some records, as in Siigo.
 */

export interface FakeTax {
  id: number
  name: string
  type: string
  percentage: number
  active: boolean
}

export interface FakePriceList {
  currency_code: string
  price_list: Array<{ position: number; name: string; value: number }>
}

export interface FakeProduct {
  id: string
  code: string
  name: string
  account_group: { id: number; name: string }
  type: "Product" | "Service" | "ConsumerGood" | "Combo"
  stock_control: boolean
  active: boolean
  tax_classification: "Taxed" | "Exempt" | "Excluded"
  tax_included: boolean
  taxes?: Array<{ id: number; name: string; type: string; percentage: number }>
  prices?: Array<FakePriceList>
  unit: { code: string; name: string }
  unit_label: string
  reference: string
  description: string
  additional_fields: { barcode: string; brand: string; tariff: string; model: string }
  available_quantity: number
  warehouses: Array<{ id: number; name: string; quantity: number }>
  metadata: { created: string; last_updated: string | null }
}

export interface FakePhone {
  indicative: string
  number: string
  extension: string
}

export interface FakeCustomer {
  id: string
  type: string
  person_type: "Person" | "Company"
  id_type: { code: string; name: string }
  identification: string
  check_digit: string
  name: Array<string>
  commercial_name: string
  branch_office: number
  active: boolean
  vat_responsible: boolean
  fiscal_responsibilities: Array<{ code: string; name: string }>
  address: {
    address: string
    city: {
      country_code: string
      country_name: string
      state_code: string
      state_name: string
      city_code: string
      city_name: string
    }
    postal_code: string
  }
  phones: Array<FakePhone>
  contacts: Array<{ first_name: string; last_name: string; email: string; phone: FakePhone }>
  comments: string
  related_users: { seller_id: number | null; collector_id: number | null }
  metadata: { created: string; last_updated: string | null }
}

export interface FakeUser {
  id: number
  username: string
  first_name: string
  last_name: string
  email: string
  active: boolean
  identification: string
}

export interface FakeDocumentType {
  id: number
  code: string
  name: string
  description: string
  type: string
  active: boolean
  seller_by_item: boolean
  cost_center: boolean
  cost_center_mandatory: boolean
  automatic_number: boolean
  consecutive: number
  discount_type: string
  decimals: boolean
}

export interface FakeQuotationItem {
  id: string
  code: string
  description: string
  quantity: number
  price: number
  discount: number
  taxes: Array<{ id: number; name: string; type: string; percentage: number; value: number }>
  total: number
}

export interface FakeQuotation {
  id: string
  document: { id: number }
  number: number
  name: string
  date: string
  customer: { id: string; identification: string; branch_office: number }
  cost_center?: number
  currency?: { code: string; exchange_rate: number }
  seller: number
  observations: string
  items: Array<FakeQuotationItem>
  total: number
  public_url: string
  metadata: { created: string; last_updated: string | null }
}
