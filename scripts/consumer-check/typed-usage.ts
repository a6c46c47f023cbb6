// Type-checked in the consumer project against the published `.d.ts` files: the client's
// answers are typed (not `any`), the contract and the preview resolve.
import { ApiError, type BranchCutoff, createIntegrationClient } from "@quote/api/client"
import { openApiDocument, QuotationApi } from "@quote/api"
import { cutoffPreview } from "@quote/core/preview"
import { HttpApiClient } from "effect/http-api"

export const usage = async () => {
  const api = createIntegrationClient({ baseUrl: "https://pedidos.example.com", apiKey: "svc_x" })
  const cutoff: BranchCutoff = await api.cutoff({ clientId: "c" })
  const open: boolean = cutoff.isOpen
  // @ts-expect-error isOpen is a boolean, so the answer is typed
  const notAString: string = cutoff.isOpen
  const prices = await api.prices("c", { skus: ["ABA-001"], limit: 5 })
  const computedAt: Date = prices.computedAt
  const created = await api.createQuotation({ clientId: "c", branchId: "b", items: [{ sku: "ABA-001", quantity: 1 }] })
  const replayed: boolean = created.replayed
  // @ts-expect-error prices are the server's: not a body field
  await api.createQuotation({ clientId: "c", branchId: "b", items: [{ sku: "ABA-001", quantity: 1, unitPrice: 1 }] })
  const error = new ApiError(400, "INVALID_PHONE", "x")
  const code: string = error.code
  const preview = cutoffPreview({ operationDays: [1], frequency: "weekly", cutoffDaysBefore: 1, cutoffTime: "17:00" })
  const label: string | undefined = preview.schedule?.label
  const title: string = openApiDocument().info.title
  const client = HttpApiClient.make(QuotationApi, { baseUrl: "https://pedidos.example.com" })
  return { open, notAString, computedAt, replayed, code, label, title, client }
}
