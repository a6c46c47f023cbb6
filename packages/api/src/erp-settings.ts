/** ERP settings and the connection test (`/api/integrations/erp/settings`, `/test-connection`). */
import { Schema } from "effect"
import { HttpApiEndpoint, OpenApi } from "effect/http-api"
import { ErpPartnerId } from "@quote/core/erp/erp-settings"
import { erpFailures } from "./erp-errors.ts"
import { NonBlank } from "./erp-inputs.ts"
import { access, UserAuthentication } from "./security.ts"
import { EmptyPatch } from "@quote/core/errors/common"
import { errorEnvelope } from "./error-envelope.ts"

const LastSyncJson = Schema.Struct({
  startedAt: Schema.NullOr(Schema.Date),
  finishedAt: Schema.NullOr(Schema.Date),
  status: Schema.NullOr(Schema.String),
  count: Schema.NullOr(Schema.Number).annotate({ description: "Products processed by the last run" }),
  error: Schema.NullOr(Schema.String)
})

export const ErpSettingsJson = Schema.Struct({
  partnerId: Schema.NullOr(Schema.String),
  username: Schema.NullOr(Schema.String),
  accessKey: Schema.NullOr(Schema.String).annotate({ description: "Masked: only the last 4 characters show" }),
  accessKeySet: Schema.Boolean,
  baseUrl: Schema.String,
  tokenExpiresAt: Schema.NullOr(Schema.Date).annotate({
    description: "Expiry of the token obtained by the last connection test; cleared when the credentials change"
  }),
  lastSync: LastSyncJson
}).annotate({ identifier: "ErpSettings" })

const BaseUrl = Schema.String.check(
  Schema.isPattern(/^https?:\/\/[^\s/?#]+[^\s?#]*$/, { message: "must be an http(s) URL without query" }),
  Schema.isMaxLength(500)
)

const ErpSettingsPatch = Schema.Struct({
  partnerId: Schema.optionalKey(ErpPartnerId.annotate({ description: "3–100 letters or digits (Siigo's Partner-Id)" })),
  username: Schema.optionalKey(NonBlank),
  accessKey: Schema.optionalKey(NonBlank),
  baseUrl: Schema.optionalKey(BaseUrl)
})

const SettingsSavedJson = Schema.Struct({
  updated: Schema.Literal(true),
  settings: Schema.Struct({
    partner_id: Schema.NullOr(Schema.String),
    username: Schema.NullOr(Schema.String),
    base_url: Schema.String
  })
})

const ConnectionCheckJson = Schema.Struct({
  ok: Schema.Literal(true),
  partnerId: Schema.String,
  username: Schema.String,
  tokenExpiresAt: Schema.Date,
  productCountSample: Schema.Int
}).annotate({ identifier: "ErpConnectionCheck" })

export const erpSettingsEndpoints = [
  HttpApiEndpoint.get("getSettings", "/settings", { success: ErpSettingsJson })
    .middleware(UserAuthentication).annotateMerge(access.roles("admin")),
  HttpApiEndpoint.put("updateSettings", "/settings", {
    payload: ErpSettingsPatch,
    success: SettingsSavedJson,
    error: errorEnvelope(EmptyPatch)
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
    .annotate(
      OpenApi.Description,
      "Access: roles admin. Only sent fields change. The access key is stored encrypted; changing the username or access key invalidates the cached token."
    ),
  HttpApiEndpoint.post("testConnection", "/test-connection", {
    success: ConnectionCheckJson,
    error: erpFailures
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
] as const
