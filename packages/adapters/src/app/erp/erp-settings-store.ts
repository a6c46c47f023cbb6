/**
 * The ERP settings row (`erp_settings`, a single row): what `GET/PUT
 * /api/integrations/erp/settings` show and change, and the `ErpSettingsSource` the Siigo
 * adapter reads on every call, so a change applies to the next call.
 *
 * The access key is stored encrypted (`secret-box.ts`) and only ever leaves this module
 * masked, or as `Redacted` towards the adapter. Changing the username or access key
 * drops the recorded token (and the adapter's token cache is keyed on them, so the old
 * token is never reused); changing the account (username, key or base URL) also drops
 * the cached quotation document type, which belongs to the Siigo company.
 */
import * as Context from "effect/Context"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { defaultErpBaseUrl, type ErpSettings, ErpSettingsSource } from "@quote/core/erp/erp-settings"
import { EmptyPatch } from "@quote/core/shared/errors"
import { AppConfig } from "@quote/core/shared/app-config"
import type { UserId } from "@quote/core/shared/ids"
import type { ErpSettingsPatch, ErpSettingsUpdate, ErpSettingsView } from "@quote/core/erp/views"
import { makeSecretBox, maskSecret } from "./secret-box.ts"

/** `GET /settings` without `lastSync` (the sync runs' part). */
export type StoredErpSettings = Omit<ErpSettingsView, "lastSync">

/** The stored row; the access key stays sealed until it is needed. */
const SettingsRow = Schema.Struct({
  partnerId: Schema.NullOr(Schema.String),
  username: Schema.NullOr(Schema.String),
  accessKeyEncrypted: Schema.NullOr(Schema.String),
  baseUrl: Schema.String,
  tokenExpiresAt: Schema.NullOr(Schema.Date),
  quotationDocumentId: Schema.NullOr(Schema.Number)
})
type SettingsRow = typeof SettingsRow.Type

const emptyRow: SettingsRow = {
  partnerId: null,
  username: null,
  accessKeyEncrypted: null,
  baseUrl: defaultErpBaseUrl,
  tokenExpiresAt: null,
  quotationDocumentId: null
}

export class ErpSettingsStore extends Context.Service<ErpSettingsStore, {
  readonly view: Effect.Effect<StoredErpSettings>
  readonly update: (patch: ErpSettingsPatch, updatedBy: UserId | null) => Effect.Effect<ErpSettingsUpdate, EmptyPatch>
  /** The decrypted settings, `None` until partner id, username and access key are all stored. */
  readonly current: Effect.Effect<Option.Option<ErpSettings>>
  /** Records the expiry of the token a connection test obtained. */
  readonly recordTokenExpiry: (expiresAt: DateTime.Utc) => Effect.Effect<void>
  readonly quotationDocumentId: Effect.Effect<Option.Option<number>>
  readonly rememberQuotationDocumentId: (id: number) => Effect.Effect<void>
}>()("@quote/adapters/ErpSettingsStore") {
  static readonly layer = Layer.effect(
    ErpSettingsStore,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const { sessionSecret } = yield* AppConfig
      const box = makeSecretBox(sessionSecret, "erp_settings.access_key")

      const findRow = SqlSchema.findOneOption({
        Request: Schema.Void,
        Result: SettingsRow,
        execute: () =>
          sql`select partner_id, username, access_key_encrypted, base_url, token_expires_at, quotation_document_id
                from erp_settings where id = true`
      })
      const row = findRow(undefined).pipe(Effect.orDie, Effect.map(Option.getOrElse(() => emptyRow)))

      const accessKeyOf = (stored: SettingsRow) =>
        Option.fromNullishOr(stored.accessKeyEncrypted).pipe(Option.flatMap(box.open))

      const view = Effect.gen(function*() {
        const stored = yield* row
        const accessKey = accessKeyOf(stored)
        const result: StoredErpSettings = {
          partnerId: stored.partnerId,
          username: stored.username,
          accessKey: Option.match(accessKey, { onNone: () => null, onSome: maskSecret }),
          accessKeySet: Option.isSome(accessKey),
          baseUrl: stored.baseUrl,
          tokenExpiresAt: stored.tokenExpiresAt
        }
        return result
      }).pipe(Effect.withSpan("ErpSettingsStore.view"))

      const current = Effect.gen(function*() {
        const stored = yield* row
        const accessKey = accessKeyOf(stored)
        if (stored.accessKeyEncrypted !== null && Option.isNone(accessKey)) {
          yield* Effect.logWarning("The stored ERP access key cannot be decrypted (SESSION_SECRET changed?); set it again")
        }
        if (stored.partnerId === null || stored.username === null || Option.isNone(accessKey)) {
          return Option.none<ErpSettings>()
        }
        return Option.some<ErpSettings>({
          partnerId: stored.partnerId,
          username: stored.username,
          accessKey: Redacted.make(accessKey.value),
          baseUrl: stored.baseUrl
        })
      }).pipe(Effect.withSpan("ErpSettingsStore.current"))

      const update = Effect.fn("ErpSettingsStore.update")(function*(patch: ErpSettingsPatch, updatedBy: UserId | null) {
        if (Object.values(patch).every((value) => value === undefined)) {
          return yield* new EmptyPatch({ message: "Send at least one of partnerId, username, accessKey, baseUrl" })
        }
        return yield* Effect.gen(function*() {
          const stored = yield* findRow(undefined).pipe(Effect.map(Option.getOrElse(() => emptyRow)))
          const storedKey = Option.getOrUndefined(accessKeyOf(stored))
          const changed = <A>(given: A | undefined, current: A) => given !== undefined && given !== current
          const credentialsChanged = changed(patch.username, stored.username) || changed(patch.accessKey, storedKey)
          const accountChanged = credentialsChanged || changed(patch.baseUrl, stored.baseUrl)
          // Column names as stored: the client renames results only, never what a statement writes.
          const next = {
            partner_id: patch.partnerId ?? stored.partnerId,
            username: patch.username ?? stored.username,
            access_key_encrypted: patch.accessKey === undefined ? stored.accessKeyEncrypted : box.seal(patch.accessKey),
            base_url: patch.baseUrl ?? stored.baseUrl,
            updated_by: updatedBy
          }
          const dropToken = credentialsChanged ? { access_token_encrypted: null, token_expires_at: null } : {}
          const dropDocument = accountChanged ? { quotation_document_id: null } : {}
          yield* sql`
            insert into erp_settings ${sql.insert({ id: true, ...next })}
            on conflict (id) do update set ${sql.update({ ...next, ...dropToken, ...dropDocument })}`
          const saved: ErpSettingsUpdate = {
            updated: true,
            settings: { partner_id: next.partner_id, username: next.username, base_url: next.base_url }
          }
          return saved
        }).pipe(sql.withTransaction, Effect.orDie)
      })

      const recordTokenExpiry = Effect.fn("ErpSettingsStore.recordTokenExpiry")(function*(expiresAt: DateTime.Utc) {
        yield* sql`update erp_settings set token_expires_at = ${DateTime.toDateUtc(expiresAt)} where id = true`.pipe(
          Effect.orDie
        )
      })

      const quotationDocumentId = Effect.map(row, (stored) => Option.fromNullishOr(stored.quotationDocumentId))

      const rememberQuotationDocumentId = Effect.fn("ErpSettingsStore.rememberQuotationDocumentId")(function*(id: number) {
        yield* sql`update erp_settings set quotation_document_id = ${id} where id = true`.pipe(Effect.orDie)
      })

      return ErpSettingsStore.of({
        view,
        update,
        current,
        recordTokenExpiry,
        quotationDocumentId,
        rememberQuotationDocumentId
      })
    })
  )

  /** The adapter's `ErpSettingsSource`, read from this row on every ERP call. */
  static readonly source: Layer.Layer<ErpSettingsSource, never, ErpSettingsStore> = Layer.effect(
    ErpSettingsSource,
    ErpSettingsStore.useSync((store) => ErpSettingsSource.of({ get: store.current }))
  )
}
