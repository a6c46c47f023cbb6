/**
 * What the browser tests know of the seeded scenarios (CONTRACT.md "Test scenarios"),
 * read from the seed's own data so that a change there reaches the tests.
 */
import {
  adminEmail,
  advisorEmail,
  clientUserEmail,
  productSeeds,
  promotionSeeds,
  scenarioPhones
} from "../../../packages/adapters/src/dev/seed/scenario-data.ts"
import { seedPassword } from "./console-service.ts"

export { scenarioPhones }

/** Wrong passwords that throttle one account on the browser tests' service. */
export const throttledLoginLimit = 3

export interface Login {
  readonly email: string
  readonly password: string
}

export const seededLogins = {
  admin: { email: adminEmail, password: seedPassword },
  advisor: { email: advisorEmail, password: seedPassword },
  /** The first test client: a company with two branches on the always-open route. */
  client: { email: clientUserEmail, password: seedPassword }
} as const satisfies Record<string, Login>

const productName = (sku: string): string => {
  const product = productSeeds.find((seed) => seed.sku === sku)
  if (product === undefined) throw new Error(`no seeded product ${sku}`)
  return product.name
}

/** A product of the first test client's own promotion, and two at its list price. */
export const orderedProducts = {
  promoted: productName(promotionSeeds.find((promotion) => promotion.kind === "specific")!.sku),
  others: [productName("ABA-002"), productName("ASE-002")]
} as const

/** The seeded products, by name, for a test that needs a product's SKU. */
export const skuOf = (name: string): string => {
  const product = productSeeds.find((seed) => seed.name === name)
  if (product === undefined) throw new Error(`no seeded product named ${name}`)
  return product.sku
}

/** A unique e-mail for a user a test creates (the service is shared by every test). */
export const uniqueEmail = (label: string): string =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@browser.example.com`
