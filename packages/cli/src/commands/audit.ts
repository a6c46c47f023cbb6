/**
 * `audit list`: the audit trail from the command line, with the filters of
 * `GET /api/audit` (docs/security.md "Audit trail"):
 *
 *   npm run cli -- audit list [--action A] [--entity-type T] [--entity-id ID] [--actor-id UUID]
 *                             [--from ISO] [--to ISO] [--cursor C] [--limit N] [--json]
 *
 * Newest first; `--json` prints `{items, nextCursor}`. Bad input prints
 * `VALIDATION_ERROR: …` on stderr and exits 2. The schema, the audit service and the
 * database are imported when the command runs.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import * as Command from "effect/cli/Command"
import * as Flag from "effect/cli/Flag"
import { failWith, printResult } from "../cli-failure.ts"

const loadDependencies = Effect.promise(() =>
  Promise.all([
    import("@quote/core/audit/views"),
    import("@quote/adapters/app/audit/audit-trail"),
    import("../database-context.ts")
  ])
)

const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1()

const text = (name: string, description: string) =>
  Flag.String(name).pipe(Flag.withDescription(description), Flag.optional)

const list = Command.make(
  "list",
  {
    action: text("action", "e.g. api_key.revoked, auth.login_failed"),
    entityType: text("entity-type", "e.g. api_key, user, webhook_endpoint, price_list"),
    entityId: text("entity-id", "The entity's id"),
    actorId: text("actor-id", "A user id or an API key id"),
    from: text("from", "Entries at or after this ISO 8601 instant"),
    to: text("to", "Entries before this ISO 8601 instant"),
    cursor: text("cursor", "nextCursor of the previous page"),
    limit: Flag.Int("limit").pipe(Flag.withDescription("1–200, default 50"), Flag.optional),
    json: Flag.Boolean("json").pipe(Flag.withDescription("Print the result as JSON"), Flag.withDefault(false))
  },
  Effect.fnUntraced(function*(flags) {
    const [{ AuditQuery }, { AuditTrail, isValidAuditCursor }, { withMigratedDatabase }] = yield* loadDependencies
    const { json, ...filters } = flags
    const input: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(filters)) {
      const given: Option.Option<unknown> = value
      if (Option.isSome(given)) input[key] = given.value
    }
    const decoded = Result.mapError(
      Schema.decodeUnknownResult(AuditQuery)(input, { errors: "all" }),
      (error) =>
        formatIssues(error.issue).issues
          .map((issue) => `${(issue.path ?? []).map(String).join(".") || "input"}: ${issue.message}`)
          .join("; ")
    )
    if (Result.isFailure(decoded)) return yield* failWith("VALIDATION_ERROR", decoded.failure, 2)
    if (decoded.success.cursor !== undefined && !isValidAuditCursor(decoded.success.cursor)) {
      return yield* failWith("VALIDATION_ERROR", "cursor: not a cursor of this list", 2)
    }
    const page = yield* withMigratedDatabase(
      Effect.flatMap(AuditTrail, (audit) => audit.list(decoded.success)).pipe(Effect.provide(AuditTrail.layer))
    )
    const lines = page.items.map((entry) =>
      [
        entry.at.toISOString(),
        entry.actor.type + (entry.actor.id === null ? "" : `:${entry.actor.id}`) + (entry.actor.role === null ? "" : ` (${entry.actor.role})`),
        entry.action,
        `${entry.entityType}${entry.entityId === null ? "" : `:${entry.entityId}`}`,
        JSON.stringify(entry.summary)
      ].join("  ")
    )
    if (page.nextCursor !== null) lines.push(`More: --cursor ${page.nextCursor}`)
    yield* printResult(
      json,
      { items: page.items.map((entry) => ({ ...entry, at: entry.at.toISOString() })), nextCursor: page.nextCursor },
      lines.length === 0 ? "No audit entries." : lines.join("\n")
    )
  })
).pipe(Command.withDescription("List audit entries, newest first"))

export const auditCommand = Command.make("audit").pipe(
  Command.withDescription("Read the audit trail of security- and money-relevant changes"),
  Command.withSubcommands([list])
)
