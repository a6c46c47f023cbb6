/** Everything the fake Siigo knows, mutable on purpose: tests read and poke it. */
import type {
  FakeCustomer,
  FakeDocumentType,
  FakeProduct,
  FakeQuotation,
  FakeTax,
  FakeUser
} from "./fake-siigo-records.ts"
import type { FakeSiigoVariance } from "./fake-siigo-variance.ts"

export interface FakeCredentials {
  readonly username: string
  readonly accessKey: string
}

export interface FakeSiigoState {
  credentials: FakeCredentials
  products: Array<FakeProduct>
  customers: Array<FakeCustomer>
  users: Array<FakeUser>
  documentTypes: Array<FakeDocumentType>
  taxes: Array<FakeTax>
  quotations: Array<FakeQuotation>
  /** Issued tokens → expiry (ms, on the fake's clock). */
  tokens: Map<string, number>
  tokenLifetimeSeconds: number
  /** Requests allowed per window (null: no limit); Siigo's is 100/min, 10/min on test companies. */
  rateLimit: { requests: number; windowMs: number } | null
  rateWindow: { startedAt: number; count: number }
  /** Delay before answering requests whose path starts with `pathPrefix` (and of `method`, if set). */
  delay: { ms: number; pathPrefix: string; method: string | null }
  /** Quotation creates that still create but answer 500. */
  failQuotationCreates: number
  /** How answers vary where Siigo's docs do not fix the shape (`fake-siigo-variance.ts`). */
  variance: FakeSiigoVariance
  /** Requests answered with an error before being processed. */
  failRequests: { count: number; status: number; code: string; pathPrefix: string; method: string | null }
}
