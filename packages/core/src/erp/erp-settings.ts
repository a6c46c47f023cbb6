/**
 * The credentials the Siigo adapter needs. They live in the database (managed from
 * `PUT /api/integrations/erp/settings`), so the adapter reads them through
 * `ErpSettingsSource` on every call instead of capturing them at start-up: a change
 * takes effect on the next call, and a changed username or access key gets a new token.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"

/** Siigo's Partner-Id rule: 3–100 letters or digits, no spaces, no hyphen. */
export const ErpPartnerId = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9]{3,100}$/))

export const ErpSettings = Schema.Struct({
  partnerId: Schema.String,
  username: Schema.NonEmptyString,
  accessKey: Schema.Redacted(Schema.String),
  /** e.g. `https://api.siigo.com` (no trailing slash needed). */
  baseUrl: Schema.NonEmptyString
})
export type ErpSettings = typeof ErpSettings.Type

export const defaultErpBaseUrl = "https://api.siigo.com"

/** Where the adapter gets the current settings; `None` means "not configured". */
export class ErpSettingsSource extends Context.Service<ErpSettingsSource, {
  readonly get: Effect.Effect<Option.Option<ErpSettings>>
}>()("@quote/core/ErpSettingsSource") {
  /** Fixed settings (CLI tools, the fake ERP, tests). */
  static readonly layerStatic = (settings: Option.Option<ErpSettings>): Layer.Layer<ErpSettingsSource> =>
    Layer.succeed(ErpSettingsSource, ErpSettingsSource.of({ get: Effect.succeed(settings) }))

  /** Settings held in a `Ref` the caller can change (tests of settings changes). */
  static readonly fromRef = (ref: Ref.Ref<Option.Option<ErpSettings>>): ErpSettingsSource["Service"] =>
    ErpSettingsSource.of({ get: Ref.get(ref) })
}
