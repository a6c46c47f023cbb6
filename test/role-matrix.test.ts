/**
 * The role matrix of issue #4: every endpoint under the issue's paths, as listed by the
 * running server's own OpenAPI document, is called as anonymous, admin, advisor and
 * client, and the outcome must match the access the endpoint declares ("Access: …", set
 * by the `access.*` annotations):
 *
 * - anonymous → 401 unless the endpoint is public;
 * - a role the endpoint does not list → 403;
 * - an allowed caller → anything but 401/403 (a 400 for the empty body or a 404 for the
 *   random id is fine: access was granted).
 *
 * Data-driven, so endpoints added later are covered without touching this file, and an
 * endpoint of these paths without an "Access:" declaration fails the test. Path
 * parameters are fresh random UUIDs and bodies are empty, so nothing seeded is touched.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { TestServer, testUsers } from "./support/test-server.ts"

const issue4Prefixes = [
  "/api/auth",
  "/api/users",
  "/api/clients",
  "/api/companies",
  "/api/routes",
  "/api/my-company",
  "/api/advisor",
  "/api/stats"
]

const methods = ["get", "post", "put", "patch", "delete"] as const

type Role = "admin" | "advisor" | "client"
const roles: ReadonlyArray<Role> = ["admin", "advisor", "client"]

/** What an "Access: …" description grants. */
type Access =
  | { readonly _tag: "Public" }
  | { readonly _tag: "SignedIn" }
  | { readonly _tag: "Roles"; readonly roles: ReadonlyArray<Role> }
  /** The web console's refresh cookie: a bearer token is no way in, so every caller here is 401. */
  | { readonly _tag: "RefreshCookie" }

/** Reads the declaration written by `access.*` (packages/api/src/security.ts). */
export const parseAccess = (description: string | undefined): Access | undefined => {
  if (description === undefined) return undefined
  if (/^Access: public[.;]/.test(description)) return { _tag: "Public" }
  if (/^Access: every logged-in user[.,]/.test(description)) return { _tag: "SignedIn" }
  if (/^Access: the `quote_refresh` cookie[ .]/.test(description)) return { _tag: "RefreshCookie" }
  const listed = /^Access: roles ([a-z]+(?:, [a-z]+)*)\./.exec(description)
  if (listed === null) return undefined
  const named = listed[1]!.split(", ")
  return named.every((role): role is Role => (roles as ReadonlyArray<string>).includes(role))
    ? { _tag: "Roles", roles: named }
    : undefined
}

const isIssue4Path = (path: string) => issue4Prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))

interface Operation {
  readonly description?: string
  readonly requestBody?: unknown
}

interface Endpoint {
  readonly method: (typeof methods)[number]
  readonly path: string
  readonly operation: Operation
}

const endpointsOf = (document: { readonly paths: Record<string, Partial<Record<string, Operation>>> }) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    isIssue4Path(path)
      ? methods.flatMap((method): Array<Endpoint> => {
        const operation = item[method]
        return operation === undefined ? [] : [{ method, path, operation }]
      })
      : []
  )

/** Allowed callers must get past authentication and authorization. */
const denied = (status: number) => status === 401 || status === 403

layer(TestServer.layer())("role matrix of issue #4", (it) => {
  it.effect("every endpoint answers anonymous, admin, advisor and client as its access declares", () =>
    Effect.gen(function*() {
      const server = yield* TestServer
      const openapi = yield* server.request("GET", "/api/openapi.json")
      assert.strictEqual(openapi.status, 200, openapi.text)
      const endpoints = endpointsOf(openapi.body as { paths: Record<string, Partial<Record<string, Operation>>> })
      // The endpoints this module itself ships, so the matrix can never be vacuous.
      for (const path of ["/api/advisor/clients", "/api/advisor/companies", "/api/stats/admin", "/api/stats/advisor", "/api/auth/me"]) {
        assert.isTrue(endpoints.some((endpoint) => endpoint.path === path), `${path} is in the OpenAPI document`)
      }
      const tokens: Record<Role, string> = {
        admin: yield* server.login(testUsers.admin),
        advisor: yield* server.login(testUsers.advisor),
        client: yield* server.login(testUsers.client)
      }

      const problems: Array<string> = []
      for (const endpoint of endpoints) {
        const label = `${endpoint.method.toUpperCase()} ${endpoint.path}`
        const access = parseAccess(endpoint.operation.description)
        if (access === undefined) {
          problems.push(`${label}: no recognizable "Access:" description (${JSON.stringify(endpoint.operation.description)})`)
          continue
        }
        const path = endpoint.path.replace(/\{[^}]+\}/g, () => randomUUID())
        const call = (token: string | undefined) =>
          server.request(endpoint.method.toUpperCase(), path, {
            ...(token === undefined ? {} : { token }),
            ...(endpoint.operation.requestBody === undefined ? {} : { body: {} })
          })

        const anonymous = yield* call(undefined)
        if (access._tag === "Public" ? denied(anonymous.status) : anonymous.status !== 401) {
          problems.push(`${label} as anonymous: ${anonymous.status} (${access._tag}) ${anonymous.text.slice(0, 200)}`)
        }
        for (const role of roles) {
          const response = yield* call(tokens[role])
          if (access._tag === "RefreshCookie") {
            if (response.status !== 401) problems.push(`${label} as ${role}: ${response.status}, expected 401 without the cookie`)
            continue
          }
          const allowed = access._tag !== "Roles" || access.roles.includes(role)
          if (allowed ? denied(response.status) : response.status !== 403) {
            problems.push(`${label} as ${role}: ${response.status}, expected ${allowed ? "access" : "403"} ${response.text.slice(0, 200)}`)
          }
        }
      }
      assert.deepStrictEqual(problems, [], problems.join("\n"))
      console.info(`role matrix: ${endpoints.length} issue #4 endpoints checked`)
    }))

  it.effect("the access parser reads every form `access.*` writes and rejects anything else", () =>
    Effect.sync(() => {
      assert.deepStrictEqual(parseAccess("Access: public."), { _tag: "Public" })
      assert.deepStrictEqual(parseAccess("Access: public. Spends the refresh token."), { _tag: "Public" })
      assert.deepStrictEqual(parseAccess("Access: public; an admin token unlocks more."), { _tag: "Public" })
      assert.deepStrictEqual(parseAccess("Access: every logged-in user."), { _tag: "SignedIn" })
      assert.deepStrictEqual(parseAccess("Access: the `quote_refresh` cookie set by `POST /api/auth/session`."), {
        _tag: "RefreshCookie"
      })
      assert.deepStrictEqual(parseAccess("Access: roles admin, advisor."), { _tag: "Roles", roles: ["admin", "advisor"] })
      assert.deepStrictEqual(parseAccess("Access: roles client."), { _tag: "Roles", roles: ["client"] })
      assert.isUndefined(parseAccess(undefined))
      assert.isUndefined(parseAccess("Lists the users."))
      assert.isUndefined(parseAccess("Access: roles superuser."))
      assert.isUndefined(parseAccess("Access: API key with scope `cutoff:read`."))
    }))
})
