/**
 * `api-keys create`: issues an API key from the command line (CONTRACT.md "Test
 * scenarios"), with the same rules as `POST /api/api-keys`:
 *
 *   npm run cli -- api-keys create --name NAME --scopes a,b [--expires-in-days N] [--json]
 *
 * `--json` prints `{id, apiKey, name, scopes, createdAt, expiresAt}`. The key value is
 * shown only now (only its bcrypt hash is stored). Bad input prints
 * `VALIDATION_ERROR: …` on stderr and exits 2. The HTTP schema, the key issuing and the
 * database are imported when the command runs, so `--help` and the other commands never
 * load them.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import * as Command from "effect/cli/Command"
import * as Flag from "effect/cli/Flag"
import type { NewApiKey } from "@quote/core/api-keys/views"
import { failWith, printResult } from "../cli-failure.ts"

const loadDependencies = Effect.promise(() =>
  Promise.all([
    import("@quote/core/api-keys/views"),
    import("@quote/adapters/live/auth-live"),
    import("@quote/adapters/app/api-keys/issue-api-key"),
    import("../database-context.ts")
  ])
)

const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1()

/** The flags as the HTTP body, validated by the same schema. */
const decodeInput = (payload: typeof NewApiKey, input: unknown) =>
  Result.mapError(Schema.decodeUnknownResult(payload)(input, { errors: "all" }), (error) =>
    formatIssues(error.issue).issues
      .map((issue) => `${(issue.path ?? []).map(String).join(".") || "input"}: ${issue.message}`)
      .join("; "))

const create = Command.make(
  "create",
  {
    name: Flag.String("name").pipe(Flag.withDescription("Name of the consumer, e.g. \"Chatbot\"")),
    scopes: Flag.String("scopes").pipe(
      Flag.withDescription("Comma-separated scopes: catalog:read, clients:read, prices:read, cutoff:read, quotations:write")
    ),
    expiresInDays: Flag.Int("expires-in-days").pipe(
      Flag.withDescription("Days until the key expires (1–730); without it the key never expires"),
      Flag.optional
    ),
    json: Flag.Boolean("json").pipe(Flag.withDescription("Print the result as JSON"), Flag.withDefault(false))
  },
  Effect.fnUntraced(function*({ name, scopes, expiresInDays, json }) {
    const [{ NewApiKey }, { ApiKeyHasherLive }, { issueApiKey }, { withMigratedDatabase }] = yield* loadDependencies
    const decoded = decodeInput(NewApiKey, {
      name,
      scopes: scopes.split(",").map((scope) => scope.trim()).filter((scope) => scope !== ""),
      ...(Option.isSome(expiresInDays) ? { expiresInDays: expiresInDays.value } : {})
    })
    if (Result.isFailure(decoded)) return yield* failWith("VALIDATION_ERROR", decoded.failure, 2)
    const issued = yield* withMigratedDatabase(
      issueApiKey({ ...decoded.success, createdBy: null }).pipe(
        Effect.provide(ApiKeyHasherLive),
        Effect.catchTag("ValidationError", (error) => failWith("VALIDATION_ERROR", error.message, 2))
      )
    )
    const result = {
      id: issued.id,
      apiKey: issued.apiKey,
      name: issued.name,
      scopes: issued.scopes,
      createdAt: issued.createdAt.toISOString(),
      expiresAt: issued.expiresAt?.toISOString() ?? null
    }
    yield* printResult(json, result, [
      `API key created: ${result.name} (${result.id})`,
      `  Key: ${result.apiKey}  (shown only now: store it safely)`,
      `  Scopes: ${result.scopes.join(", ")}`,
      `  Expires: ${result.expiresAt ?? "never"}`
    ].join("\n"))
  })
).pipe(Command.withDescription("Create an API key for an integration consumer"))

export const apiKeysCommand = Command.make("api-keys").pipe(
  Command.withDescription("Manage API keys of integration consumers"),
  Command.withSubcommands([create])
)
