/** ERP settings and the connection test (`/api/integrations/erp/settings`, `/test-connection`). */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as OpenApi from "effect/http-api/OpenApi"
import { EmptyPatch } from "@quote/core/shared/errors"
import { ErpConnectionCheck, ErpSettingsPatch, ErpSettingsUpdate, ErpSettingsView } from "@quote/core/erp/views"
import { erpFailures } from "./erp-errors.ts"
import { access, UserAuthentication } from "./security.ts"
import { errorEnvelope } from "./error-envelope.ts"

export const erpSettingsEndpoints = [
  HttpApiEndpoint.get("getSettings", "/settings", { success: ErpSettingsView })
    .middleware(UserAuthentication).annotateMerge(access.roles("admin")),
  HttpApiEndpoint.put("updateSettings", "/settings", {
    payload: ErpSettingsPatch,
    success: ErpSettingsUpdate,
    error: errorEnvelope(EmptyPatch)
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
    .annotate(
      OpenApi.Description,
      "Access: roles admin. Only sent fields change. The access key is stored encrypted; changing the username or access key invalidates the cached token."
    ),
  HttpApiEndpoint.post("testConnection", "/test-connection", {
    success: ErpConnectionCheck,
    error: erpFailures
  }).middleware(UserAuthentication).annotateMerge(access.roles("admin"))
] as const
