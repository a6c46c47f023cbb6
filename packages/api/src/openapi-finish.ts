/**
 * The finishing step of the OpenAPI document: an `OpenApi.Transform` on `QuotationApi`,
 * so `/api/openapi.json`, `/docs` and `openApiDocument()` all carry it. It adds what the
 * integrators' tools need and the endpoint declarations leave implicit, derived from the
 * definition (never per operation by hand):
 *
 * - per operation: a stable camelCase `operationId` (`<group><Endpoint>`, e.g.
 *   `integrationsCreateQuotation`), the `summary`, side effects and examples of
 *   `operation-docs.ts`;
 * - the answers the edge gives any operation (`packages/http/src/middleware/request-envelope.ts`):
 *   400 `VALIDATION_ERROR` wherever a parameter or a body is validated, 413
 *   `PAYLOAD_TOO_LARGE` and 415 `UNSUPPORTED_MEDIA_TYPE` wherever a body is read, 503
 *   `DISK_FULL` wherever the operation changes data (POST, PUT, PATCH, DELETE: the
 *   embedded database refuses changes while its disk is full), and the 500
 *   `INTERNAL_ERROR` envelope as the `default` response;
 * - an example naming the code of every error response;
 * - the security alternatives of the middlewares that accept more than one credential
 *   (a session or an API key; an optional session);
 * - query parameters typed as their values (`limit` an integer, not its text);
 * - the rate-limit headers on every answer of an operation an API key may call
 *   (`openapi-rate-limit.ts`);
 * - one tag per name, each described; unions without repeated members.
 */
import * as Context from "effect/Context"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
import * as HttpApi from "effect/http-api/HttpApi"
import type * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import type * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import {
  DiskFull,
  InternalError,
  PayloadTooLarge,
  UnsupportedMediaType,
  ValidationError
} from "@quote/core/shared/errors"
import { envelopeWire } from "./error-envelope.ts"
import { apiDocs, type OperationDoc } from "./operation-docs.ts"
import { ApiKeyAuthentication, OptionalUserAuthentication, UserOrApiKeyAuthentication } from "./security.ts"
import { addRateLimitHeaders } from "./openapi-rate-limit.ts"
import { RoleOrApiKeyAuthentication } from "./security-role-or-key.ts"
import {
  type Components,
  type Document,
  type JsonSchema,
  type Operation,
  type Response,
  errorExamples,
  withoutRepeatedMembers
} from "./openapi-json.ts"

/** The envelopes the finishing step refers to, declared as components by `QuotationApi`. */
export const edgeErrorSchemas = [ValidationError, InternalError, PayloadTooLarge, UnsupportedMediaType, DiskFull].map((error) =>
  envelopeWire(error)
)

const refOf = (error: { readonly code: string }) => `#/components/schemas/${error.code}Error`
const validationRef = refOf(ValidationError)

const sessionOrKey = [{ sessionToken: [] }, { apiKey: [] }]
const optionalSession = [{}, { sessionToken: [] }]

interface EndpointFacts {
  readonly operationId: string
  readonly doc: OperationDoc
  readonly security: ReadonlyArray<Record<string, ReadonlyArray<string>>> | undefined
  /** Type-side JSON Schema of the query parameters whose value is not text. */
  readonly typedQuery: ReadonlyMap<string, JsonSchema>
  /** An API key may call it: its answers carry the rate-limit headers. */
  readonly keyed: boolean
}

const groupDocs: Readonly<Record<string, { readonly tag: string; readonly operations: Readonly<Record<string, OperationDoc>> }>> =
  apiDocs

const uses = (middleware: ReadonlySet<unknown>, service: unknown) => middleware.has(service)

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** The value's JSON Schema (without the `null` an optional field adds) when it is a number or a boolean. */
const valueSchema = (ast: SchemaAST.AST): JsonSchema | undefined => {
  const { schema } = Schema.toJsonSchemaDocument(Schema.make(ast))
  const members = Array.isArray(schema.anyOf) ? schema.anyOf.filter((member: JsonSchema) => member.type !== "null") : [schema]
  const value: JsonSchema | undefined = members.length === 1 ? members[0] : undefined
  return value !== undefined && ["integer", "number", "boolean"].includes(String(value.type)) ? value : undefined
}

const typedQueryOf = (endpoint: HttpApiEndpoint.Top): ReadonlyMap<string, JsonSchema> => {
  const typed = new Map<string, JsonSchema>()
  if (endpoint.query === undefined) return typed
  const ast = SchemaAST.toType(endpoint.query.ast)
  if (ast._tag !== "Objects") return typed
  for (const property of ast.propertySignatures) {
    const schema = valueSchema(property.type)
    if (schema !== undefined) typed.set(String(property.name), schema)
  }
  return typed
}

/** What the definition says of each operation, by the operation id Effect generates (`group.endpoint`). */
const endpointFacts = <Id extends string, Groups extends HttpApiGroup.Constraint>(api: HttpApi.HttpApi<Id, Groups>) => {
  const byOperation = new Map<string, EndpointFacts>()
  const groupByTag = new Map<string, string>()
  HttpApi.reflect(api, {
    onGroup({ group }) {
      groupByTag.set(Context.getOrElse(group.annotations, OpenApi.Title, () => group.identifier), group.identifier)
    },
    onEndpoint({ endpoint, group, middleware }) {
      const doc = groupDocs[group.identifier]?.operations[endpoint.identifier]
      if (doc === undefined) throw new Error(`operation-docs.ts has no entry for ${group.identifier}.${endpoint.identifier}`)
      byOperation.set(`${group.identifier}.${endpoint.identifier}`, {
        operationId: `${group.identifier}${capitalized(endpoint.identifier)}`,
        doc,
        security: uses(middleware, UserOrApiKeyAuthentication) || uses(middleware, RoleOrApiKeyAuthentication)
          ? sessionOrKey
          : uses(middleware, OptionalUserAuthentication)
          ? optionalSession
          : undefined,
        typedQuery: typedQueryOf(endpoint),
        keyed: uses(middleware, ApiKeyAuthentication) || uses(middleware, UserOrApiKeyAuthentication) ||
          uses(middleware, RoleOrApiKeyAuthentication)
      })
    }
  })
  return { byOperation, groupByTag }
}

const sideEffects = (doc: OperationDoc): string | undefined => {
  const effects = [
    ...(doc.events === undefined ? [] : [`records the webhook event(s) ${doc.events.map((type) => `\`${type}\``).join(", ")}`]),
    ...(doc.emails === undefined ? [] : [`e-mails ${doc.emails} (only when \`ADMIN_NOTIFICATION_EMAIL\` is set)`])
  ]
  return effects.length === 0 ? undefined : `Side effects: ${effects.join("; ")}.`
}

const jsonContent = (ref: string) => ({ "application/json": { schema: { $ref: ref } } })

/** Adds the envelope `ref` to the operation's answer of `status` (creating the answer, described, when absent). */
const addErrorResponse = (responses: Record<string, Response>, status: string, ref: string, description: string) => {
  const existing = responses[status]
  const schema = existing?.content?.["application/json"]?.schema
  if (existing === undefined || schema === undefined) {
    responses[status] = { description, content: jsonContent(ref) }
    return
  }
  const members: Array<JsonSchema> = Array.isArray(schema.anyOf) ? schema.anyOf : [schema]
  if (members.some((member) => member.$ref === ref)) return
  existing.content!["application/json"] = { schema: { anyOf: [...members, { $ref: ref }] } }
}

/** The methods of operations that change data: answered 503 `DISK_FULL` while the embedded database's disk is full. */
const changingMethods = new Set(["post", "put", "patch", "delete"])

const finishOperation = (operation: Operation, method: string, facts: EndpointFacts, components: Components) => {
  const { doc } = facts
  operation.operationId = facts.operationId
  operation.summary = doc.summary
  const effects = sideEffects(doc)
  if (effects !== undefined) operation.description = [operation.description, effects].filter(Boolean).join(" ")
  if (facts.security !== undefined) operation.security = facts.security.map((requirement) => ({ ...requirement }))
  for (const parameter of operation.parameters) {
    const typed = parameter.in === "query" ? facts.typedQuery.get(parameter.name) : undefined
    if (typed !== undefined) parameter.schema = typed
    if (doc.requiredParameters?.includes(parameter.name)) parameter.required = true
    const example = doc.parameterExamples?.[parameter.name]
    if (example !== undefined) parameter.example = example
  }
  const body = operation.requestBody?.content["application/json"]
  if (body !== undefined && doc.requestExample !== undefined) body.example = doc.requestExample
  if (operation.parameters.length > 0 || operation.requestBody !== undefined) {
    addErrorResponse(operation.responses, "400", validationRef, "The request does not match the schema")
  }
  if (changingMethods.has(method)) {
    addErrorResponse(
      operation.responses,
      "503",
      refOf(DiskFull),
      "The embedded database's disk is full: changes are refused until space is freed (503 DISK_FULL)"
    )
  }
  if (operation.requestBody !== undefined) {
    operation.responses["413"] = { description: "The request body exceeds 1 MB", content: jsonContent(refOf(PayloadTooLarge)) }
    operation.responses["415"] = { description: "The body is not sent as `application/json`", content: jsonContent(refOf(UnsupportedMediaType)) }
  }
  operation.responses.default = {
    description: "Unexpected failure (500 INTERNAL_ERROR); never a stack trace",
    content: jsonContent(refOf(InternalError))
  }
  if (facts.keyed) addRateLimitHeaders(operation.responses)
  for (const [status, response] of Object.entries(operation.responses)) {
    const media = response.content?.["application/json"]
    if ((status === "default" || Number(status) >= 400) && media !== undefined) {
      const examples = errorExamples(media.schema, components)
      if (examples !== undefined) media.examples = examples
    }
  }
}

/** Relative: the document is served by the service it describes, in whatever environment. */
const servers = [{
  url: "/",
  description: "The deployment serving this document: production, or a local development or test server",
  "x-internal": false
}]

const contact = {
  name: "Quotation Ordering Service maintainers",
  email: "api@example.com"
}

/** The transform itself, given the API's groups (`QuotationApi` before this annotation). */
export const finishDocument = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  document: Document,
  api: HttpApi.HttpApi<Id, Groups>
): Document => {
  const { byOperation, groupByTag } = endpointFacts(api)
  for (const item of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const facts = byOperation.get(operation.operationId)
      if (facts === undefined) throw new Error(`no endpoint for the operation ${operation.operationId}`)
      finishOperation(operation, method, facts, document.components)
    }
  }
  const seen = new Set<string>()
  document.tags = document.tags.filter((tag) => !seen.has(tag.name) && seen.add(tag.name)).map((tag) => ({
    ...tag,
    description: tag.description ?? groupDocs[groupByTag.get(tag.name) ?? ""]?.tag ?? tag.name
  }))
  document.info = { ...document.info, contact }
  document.servers = servers
  return withoutRepeatedMembers(document)
}
