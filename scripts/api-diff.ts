/**
 * `npm run api:diff`: the changes between the OpenAPI document as committed in git HEAD
 * (`docs/openapi.json`) and the one the code serves now, each classified `breaking`,
 * `non-breaking` or `unclassified` by `openapi-diff` (read through its 3.0 view,
 * `openapi-diff-view.ts`).
 *
 * Exits non-zero on a breaking change unless the API has a new version: per the spec's
 * "Versioning" an incompatible change needs a new `apiVersion` date, so the served
 * document's `info.version` must be later than the committed one and
 * `docs/api-changelog.md` must have an entry (`## YYYY-MM-DD`) for it.
 */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import openapiDiff from "openapi-diff"
import { openApiDocument } from "@quote/api"
import { type JsonObject, openApi30View } from "./openapi-diff-view.ts"

export interface Change {
  readonly type: "breaking" | "non-breaking" | "unclassified"
  readonly code: string
  readonly location: string
}

const asSpec = (document: JsonObject, location: string) => ({
  content: JSON.stringify(openApi30View(document)),
  location,
  format: "openapi3" as const
})

const locationOf = (difference: openapiDiff.DiffResult<openapiDiff.DiffResultType>) =>
  [...difference.sourceSpecEntityDetails, ...difference.destinationSpecEntityDetails].map((detail) => detail.location)[0] ?? ""

const refPrefix = "#/components/schemas/"

/** A path item with every schema reference inlined: equal texts mean nothing to compare. */
const resolvedText = (document: JsonObject, path: string): string => {
  const components = document.components as { readonly schemas?: Readonly<Record<string, unknown>> } | undefined
  const schemas = components?.schemas ?? {}
  const paths = document.paths as Readonly<Record<string, unknown>> | undefined
  const seen = new Set<string>()
  return JSON.stringify(paths?.[path] ?? null, (_key, value: unknown) => {
    if (typeof value !== "object" || value === null || !("$ref" in value)) return value
    const ref = (value as { readonly $ref: unknown }).$ref
    if (typeof ref !== "string" || !ref.startsWith(refPrefix) || seen.has(ref)) return value
    seen.add(ref)
    return schemas[ref.slice(refPrefix.length)]
  })
}

/** The document with only `path` (its components all kept). */
const onlyPath = (document: JsonObject, path: string): JsonObject => {
  const paths = document.paths as Readonly<Record<string, JsonObject>> | undefined
  const item = paths?.[path]
  return { ...document, paths: item === undefined ? {} : { [path]: item } }
}

const diffOf = async (before: JsonObject, after: JsonObject): Promise<ReadonlyArray<Change>> => {
  const outcome = await openapiDiff.diffSpecs({ sourceSpec: asSpec(before, "committed"), destinationSpec: asSpec(after, "served") })
  const differences = [
    ...(outcome.breakingDifferencesFound ? outcome.breakingDifferences : []),
    ...outcome.nonBreakingDifferences,
    ...outcome.unclassifiedDifferences
  ]
  return differences.map((difference) => ({ type: difference.type, code: difference.code, location: locationOf(difference) }))
}

/**
 * Every change from `before` to `after`, classified. Only the paths whose resolved text
 * differs are handed to openapi-diff, one at a time: its set arithmetic takes seconds per
 * operation (minutes on the event feed's union), and an unchanged one has nothing to say.
 */
export const classifyChanges = async (before: JsonObject, after: JsonObject): Promise<ReadonlyArray<Change>> => {
  const paths = new Set([...Object.keys(before.paths ?? {}), ...Object.keys(after.paths ?? {})])
  const changes: Array<Change> = []
  for (const path of paths) {
    if (resolvedText(before, path) !== resolvedText(after, path)) {
      changes.push(...await diffOf(onlyPath(before, path), onlyPath(after, path)))
    }
  }
  return changes
}

/** The dates with an entry (`## YYYY-MM-DD`) in `docs/api-changelog.md`. */
export const changelogVersions = (changelog: string): ReadonlyArray<string> =>
  [...changelog.matchAll(/^## (\d{4}-\d{2}-\d{2})\b/gm)].map((match) => match[1]!)

export interface Verdict {
  readonly ok: boolean
  readonly reason: string
}

/** Whether the changes may be committed: a breaking one needs a later version with its changelog entry. */
export const judge = (
  changes: ReadonlyArray<Change>,
  versions: { readonly committed: string; readonly served: string },
  changelog: string
): Verdict => {
  if (!changes.some((change) => change.type === "breaking")) return { ok: true, reason: "no breaking change" }
  if (!(versions.served > versions.committed)) {
    return {
      ok: false,
      reason: `breaking change under the same API version ${versions.served}: give it a new apiVersion date (WEBHOOK_API_VERSION in packages/core/src/webhooks/event-catalog.ts) and an entry in docs/api-changelog.md`
    }
  }
  if (!changelogVersions(changelog).includes(versions.served)) {
    return { ok: false, reason: `breaking change: docs/api-changelog.md has no entry "## ${versions.served}"` }
  }
  return { ok: true, reason: `breaking change released as API version ${versions.served} (docs/api-changelog.md)` }
}

const versionOf = (document: JsonObject): string => {
  const info = document.info
  if (typeof info !== "object" || info === null || Array.isArray(info)) return ""
  const version = (info as JsonObject).version
  return typeof version === "string" ? version : ""
}

const committedDocument = (): JsonObject | undefined => {
  try {
    return JSON.parse(execFileSync("git", ["show", "HEAD:docs/openapi.json"], { encoding: "utf8", stdio: "pipe" })) as JsonObject
  } catch {
    return undefined
  }
}

const main = async () => {
  const committed = committedDocument()
  if (committed === undefined) {
    console.log("git HEAD has no docs/openapi.json: nothing to compare with (commit the output of `npm run api:snapshot`)")
    return
  }
  const served = JSON.parse(JSON.stringify(openApiDocument())) as JsonObject
  const changes = await classifyChanges(committed, served)
  for (const change of changes) console.log(`${change.type.padEnd(12)} ${change.code.padEnd(32)} ${change.location}`)
  const verdict = judge(changes, { committed: versionOf(committed), served: versionOf(served) }, readFileSync("docs/api-changelog.md", "utf8"))
  console.log(`${changes.length} change(s) from docs/openapi.json (HEAD); ${verdict.reason}`)
  if (!verdict.ok) process.exitCode = 1
}

if (import.meta.main) await main()
