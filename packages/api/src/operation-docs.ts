/**
 * What the OpenAPI document says about each operation beyond its schemas and access: a
 * one-line `summary`, the side effects a caller cannot see in the answer (webhook events
 * the change records, notification e-mails it queues), and request examples for the
 * integrator-facing operations. Also each group's tag description.
 *
 * Typed from `QuotationApi`: an endpoint added without its summary, or a summary left
 * after its endpoint is gone, is a type error. The document's finishing step
 * (`openapi-finish.ts`) applies the table.
 */
import type * as HttpApi from "effect/http-api/HttpApi"
import type * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import type { EventType } from "@quote/core/webhooks/event-catalog"
import type { QuotationApi } from "./api.ts"

export interface OperationDoc {
  readonly summary: string
  /** Webhook events the change records (database triggers; spec "Events"). */
  readonly events?: ReadonlyArray<EventType>
  /** Notification e-mails queued (only when `ADMIN_NOTIFICATION_EMAIL` is configured). */
  readonly emails?: string
  /** An example request body. */
  readonly requestExample?: unknown
  /** Example values of parameters, by name. */
  readonly parameterExamples?: Readonly<Record<string, unknown>>
  /**
   * Parameters the document declares required although their schema lets an absent one
   * through, because the handler answers its absence with the spec's own code.
   */
  readonly requiredParameters?: ReadonlyArray<string>
}

interface GroupDoc<Group extends HttpApiGroup.Constraint> {
  /** The tag's description (a group that declares its own `OpenApi.Description` keeps it). */
  readonly tag: string
  readonly operations: { readonly [E in HttpApiGroup.Endpoints<Group> as E["identifier"]]: OperationDoc }
}

type Groups<Api> = Api extends HttpApi.HttpApi<infer _Id, infer G> ? G : never

export type ApiDocs = { readonly [G in Groups<QuotationApi> as G["identifier"]]: GroupDoc<G> }

const quotationEvents: ReadonlyArray<EventType> = ["quotation.created"]
const statusEvents: ReadonlyArray<EventType> = ["quotation.status_changed", "quotation.approved", "quotation.rejected"]
const exampleClientId = "6f1c2b7e-5d4a-4c3b-9a8e-1f2d3c4b5a60"
const exampleBranchId = "0b9e8d7c-6a5b-4c3d-8e2f-1a0b9c8d7e6f"

const quotationLines = [
  { sku: "ABA-001", quantity: 3 },
  { productId: "3a2b1c0d-9e8f-4a6b-8c4d-2e1f0a9b8c7d", quantity: 1 }
]

export const apiDocs: ApiDocs = {
  system: {
    tag: "Liveness and readiness of the service.",
    operations: {
      health: { summary: "Liveness check" },
      ready: { summary: "Readiness check (database)" }
    }
  },
  auth: {
    tag: "User sessions: log in with e-mail and password, refresh and end sessions. The access token (JWT) is the `sessionToken` bearer.",
    operations: {
      login: { summary: "Log in" },
      refresh: { summary: "Refresh a session" },
      logout: { summary: "Log out (spend the refresh token)" },
      me: { summary: "The signed-in user" },
      createSession: { summary: "Log in with a session cookie" },
      deleteSession: { summary: "End the cookie session" },
      refreshSession: { summary: "Refresh the cookie session" }
    }
  },
  apiKeys: {
    tag: "API keys of integration consumers (the chatbot): creation, scopes, rotation with a grace period, revocation. Admin only.",
    operations: {
      list: { summary: "List API keys" },
      create: { summary: "Create an API key" },
      update: { summary: "Rename an API key or change its scopes" },
      revoke: { summary: "Revoke an API key" },
      rotate: { summary: "Rotate an API key" }
    }
  },
  catalog: {
    tag: "The product catalog with general-list prices, and its categories.",
    operations: {
      products: { summary: "Product catalog" },
      categories: { summary: "Product categories" }
    }
  },
  priceLists: {
    tag: "Price lists: one default (the general list) and client lists; a product without a price in a client's list takes the general one.",
    operations: {
      list: { summary: "List price lists" },
      create: { summary: "Create a price list" },
      get: { summary: "Get a price list" },
      update: { summary: "Update a price list" },
      remove: { summary: "Delete a price list" }
    }
  },
  promotions: {
    tag: "Promotions: general or client-specific promotional prices for a product within a time window.",
    operations: {
      list: { summary: "List promotions" },
      create: { summary: "Create a promotion" },
      get: { summary: "Get a promotion" },
      update: { summary: "Update a promotion" },
      remove: { summary: "Delete a promotion" }
    }
  },
  webhooks: {
    tag: "Webhook endpoints that receive signed event deliveries, their delivery history, retries and recovery, and the event feed.",
    operations: {
      events: { summary: "Event catalog and API version" },
      feed: { summary: "Event feed (cursor-paginated)" },
      list: { summary: "List webhook endpoints" },
      create: { summary: "Register a webhook endpoint" },
      update: { summary: "Update a webhook endpoint" },
      remove: { summary: "Delete a webhook endpoint" },
      test: { summary: "Send a test ping" },
      rotateSecret: { summary: "Rotate the signing secret" },
      recover: { summary: "Re-send failed deliveries of a period" },
      deliveries: { summary: "List deliveries of an endpoint" },
      retry: { summary: "Retry a delivery" }
    }
  },
  cronWebhooks: {
    tag: "Endpoints an external scheduler calls with the `CRON_SECRET` bearer.",
    operations: { webhooks: { summary: "Process due webhook deliveries" } }
  },
  users: {
    tag: "User accounts (admin, advisor, client) and self-registration.",
    operations: {
      list: { summary: "List users" },
      create: {
        summary: "Create or register a user",
        events: ["client.created"],
        emails: "for a client user, to the branch's advisor (new assigned client) and to the administrator (new registration)"
      },
      update: { summary: "Update a user", events: ["client.updated"] },
      deactivate: { summary: "Deactivate a user" }
    }
  },
  myCompany: {
    tag: "Client self-service over the caller's own company.",
    operations: {
      view: { summary: "My company, its branches and users" },
      createUser: { summary: "Add a user to my company", events: ["client.created"] },
      updateUser: { summary: "Update a user of my company", events: ["client.updated"] },
      deactivateUser: { summary: "Deactivate a user of my company" },
      createBranch: { summary: "Add a branch to my company" },
      updateBranch: { summary: "Update a branch of my company", events: ["branch.updated"] },
      deactivateBranch: { summary: "Deactivate a branch of my company", events: ["branch.updated"] },
      prices: { summary: "My prices now" }
    }
  },
  routes: {
    tag: "Delivery routes: operating days, frequency and cutoff, and the cutoff status of a client's branch.",
    operations: {
      list: { summary: "List active routes" },
      create: { summary: "Create a route" },
      myCutoff: { summary: "Cutoff status of my branch's route" },
      update: { summary: "Update a route", events: ["route.updated"] },
      remove: { summary: "Deactivate a route", events: ["route.updated"] }
    }
  },
  clients: {
    tag: "Clients (ordering parties of a company and branch), with or without login, and their contact phones. Admin only.",
    operations: {
      list: { summary: "List clients" },
      create: { summary: "Create a client", events: ["client.created"] },
      get: { summary: "Get a client" },
      update: { summary: "Update a client", events: ["client.updated"] },
      addPhone: { summary: "Add a contact phone", events: ["client.updated"] },
      removePhone: { summary: "Remove a contact phone", events: ["client.updated"] }
    }
  },
  companies: {
    tag: "Companies (business customers identified by `nit`) and their branches (delivery points, each with a route and an advisor).",
    operations: {
      list: { summary: "List companies with branches" },
      create: { summary: "Register a company", emails: "to the administrator (new company)" },
      update: { summary: "Update a company" },
      remove: { summary: "Delete a company and its branches" },
      createBranch: {
        summary: "Add a branch to a company",
        emails: "when an admin sets an advisor: to the advisor (company assigned) and to the company (its advisor)"
      },
      updateBranch: {
        summary: "Update a branch",
        events: ["branch.updated"],
        emails: "on a different advisor: to the advisor (company assigned) and to the company (its advisor)"
      },
      removeBranch: { summary: "Deactivate a branch", events: ["branch.updated"] }
    }
  },
  quotations: {
    tag: "Quotations of the web panel and its administration: creation by a client, lists, status changes and comments.",
    operations: {
      create: {
        summary: "Create a web quotation",
        events: quotationEvents,
        requestExample: { branchId: exampleBranchId, items: quotationLines, notes: "Entregar en la mañana" }
      },
      list: { summary: "List quotations" },
      export: { summary: "Export the listed quotations as CSV" },
      get: { summary: "Get a quotation" },
      changeStatus: { summary: "Change a quotation's status", events: statusEvents },
      addComment: { summary: "Comment on a quotation", events: ["quotation.comment_added"] },
      listComments: { summary: "List a quotation's comments" }
    }
  },
  integrations: {
    tag: "The chatbot integration API: API key only, one scope per operation. Identify the client by phone, check the route's cutoff, quote prices and create quotations idempotently.",
    operations: {
      lookupClients: {
        summary: "Find clients by phone",
        parameterExamples: { phone: "+573000000001" },
        // Without it the answer is 400 MISSING_PARAMS (as for the cutoff and the prices), not VALIDATION_ERROR.
        requiredParameters: ["phone"]
      },
      cutoff: { summary: "Cutoff status of a branch's route", parameterExamples: { clientId: exampleClientId, branchId: exampleBranchId } },
      clientPrices: {
        summary: "A client's prices now",
        parameterExamples: { clientId: exampleClientId, skus: "ABA-001,BEB-001", limit: 20 }
      },
      createQuotation: {
        summary: "Create a quotation (idempotent)",
        events: quotationEvents,
        parameterExamples: { "idempotency-key": "chat-5f3a9c1e-0001" },
        requestExample: { clientId: exampleClientId, branchId: exampleBranchId, items: quotationLines, notes: "Pedido por WhatsApp" }
      },
      getQuotation: { summary: "Get a quotation created by this key", parameterExamples: { id: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a" } }
    }
  },
  advisor: {
    tag: "The advisor module: the clients, quotations and companies assigned to an advisor (an admin sees all).",
    operations: {
      clients: { summary: "My assigned clients" },
      clientsExport: { summary: "Export my assigned clients as CSV" },
      clientQuotations: { summary: "An assigned client's latest quotations" },
      companies: { summary: "My assigned companies" },
      company: { summary: "One of my assigned companies" }
    }
  },
  stats: {
    tag: "Sales statistics for the administrator and the advisors.",
    operations: {
      admin: { summary: "Sales statistics (admin)" },
      advisor: { summary: "Sales statistics of an advisor" }
    }
  },
  erp: {
    tag: "Synchronization with the accounting ERP (Siigo): settings, product sync, customers, quotation push. Admin only.",
    operations: {
      getSettings: { summary: "ERP settings" },
      updateSettings: { summary: "Update the ERP settings" },
      testConnection: { summary: "Test the ERP connection" },
      syncProducts: { summary: "Synchronize products from the ERP" },
      syncStatus: { summary: "Product sync status" },
      syncLogs: { summary: "Product sync runs" },
      listCustomers: { summary: "List ERP customers" },
      localCustomers: { summary: "Local companies and their ERP sync status" },
      importCustomers: { summary: "Import several ERP customers" },
      importCustomer: { summary: "Import one ERP customer" },
      exportCustomer: { summary: "Export a company to the ERP" },
      customerHistory: { summary: "A company's ERP operations" },
      sellers: { summary: "ERP sellers" },
      pushQuote: { summary: "Send a quotation to the ERP", events: ["quotation.status_changed"] },
      retryQuote: { summary: "Send a quotation to the ERP again (force)", events: ["quotation.status_changed"] },
      pushQuotationLegacy: { summary: "Send a quotation to the ERP (legacy path)", events: ["quotation.status_changed"] },
      quoteHistory: { summary: "A quotation's ERP attempts" },
      refreshUrl: { summary: "Refresh a quotation's ERP document link" }
    }
  },
  cronErp: {
    tag: "Endpoints an external scheduler calls with the `CRON_SECRET` bearer.",
    operations: { erpSync: { summary: "Scheduled product sync" } }
  },
  audit: {
    tag: "The audit trail of security- and money-relevant changes.",
    operations: { list: { summary: "List audit entries" } }
  }
}
