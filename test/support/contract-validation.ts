/**
 * Every answer the black-box tests receive, checked against the OpenAPI document the
 * server serves (issue #25): `TestServer`'s `request` and its typed `api(token)` client
 * (`validatingClient`), and the tests that start the service as a process
 * (`waitForHealth`, `checkedFetch`), pass each answer through here. An answer the
 * document does not describe fails the test that received it (a defect, which neither
 * `Effect.flip` nor a retry of failures hides), with the operation, the status, Ajv's
 * errors and the body. Always on, on both databases.
 *
 * The rules:
 * - The operation is the document's path template and method matching the request
 *   (`/api/routes/me/cutoff` before `/api/routes/{id}`: a literal segment wins over a
 *   parameter). A request no operation matches is not checked: `/docs`, `/metrics`,
 *   `/`, the console's assets, unknown paths and methods are outside the document.
 * - The status must be declared on the operation: exactly, by a range (`4XX`), or — for
 *   a 5xx only — by `default`. An undeclared 4xx is a violation even where a `default`
 *   response exists, so every client error an integrator can meet is listed.
 * - A declared JSON body is validated by Ajv (JSON Schema 2020-12, the dialect of
 *   OpenAPI 3.1, with `ajv-formats` checking `uuid`, `date-time`, …) against the
 *   response's schema: a wrong type or format, a missing required field, a field a
 *   closed schema (`additionalProperties: false`) does not declare. A response declared
 *   without content (204) must have an empty body; other bodies (304, text) are checked
 *   only for their status and media type.
 *
 * One Ajv instance per document, each response's validator compiled on first use and
 * kept for the process; the served document is fetched once per process.
 */
import { Effect } from "effect"
import { HttpClient, type HttpClientResponse } from "effect/http"
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js"
import formatsPlugin from "ajv-formats"

/** An answer as the wire had it. */
export interface Answer {
  readonly method: string
  /** An absolute URL or a path (with or without a query). */
  readonly url: string
  readonly status: number
  readonly contentType: string | null
  readonly text: string
}

export interface ContractValidator {
  /** Why the answer breaks the document (a message naming operation and status), or `undefined`. */
  readonly violation: (answer: Answer) => string | undefined
}

interface Operation {
  readonly template: string
  readonly method: string
  readonly label: string
  readonly responses: Readonly<Record<string, ResponseObject>>
}

interface ResponseObject {
  readonly content?: Readonly<Record<string, unknown>>
}

interface PathEntry {
  readonly template: string
  readonly pattern: RegExp
  /** 1 for a literal segment, 0 for a parameter: compared left to right, literals win. */
  readonly rank: ReadonlyArray<number>
  readonly item: Readonly<Record<string, unknown>>
}

const methods = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"])

/** The OpenAPI document's own keys, and its annotations inside schemas, as Ajv keywords without validation. */
const openApiKeywords = [
  "openapi", "info", "servers", "paths", "webhooks", "components", "security", "tags", "externalDocs",
  "jsonSchemaDialect", "example", "discriminator", "xml"
]

const documentId = "urn:quote:openapi"

const pointerSegment = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1")

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Specification extensions (`x-…`) used anywhere in the document: annotations too. */
const extensionKeywords = (value: unknown, found = new Set<string>()): Set<string> => {
  if (Array.isArray(value)) for (const item of value) extensionKeywords(item, found)
  else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.startsWith("x-")) found.add(key)
      extensionKeywords(item, found)
    }
  }
  return found
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

const pathEntry = (template: string, item: Readonly<Record<string, unknown>>): PathEntry => {
  const segments = template.split("/")
  const isParameter = (segment: string) => /^\{[^}]+\}$/.test(segment)
  return {
    template,
    item,
    pattern: new RegExp(`^${segments.map((s) => (isParameter(s) ? "[^/]+" : escapeRegExp(s))).join("/")}$`),
    rank: segments.map((segment) => (isParameter(segment) ? 0 : 1))
  }
}

const moreLiteral = (a: PathEntry, b: PathEntry): number => {
  for (let i = 0; i < Math.min(a.rank.length, b.rank.length); i++) {
    const difference = (b.rank[i] ?? 0) - (a.rank[i] ?? 0)
    if (difference !== 0) return difference
  }
  return 0
}

/** The declared response key covering `status`: exact, then `4XX`-style range, then `default` (5xx only). */
const responseKey = (responses: Readonly<Record<string, ResponseObject>>, status: number): string | undefined => {
  const exact = String(status)
  if (exact in responses) return exact
  const range = `${exact[0]}XX`
  if (range in responses) return range
  return status >= 500 && "default" in responses ? "default" : undefined
}

const isJsonMediaType = (mediaType: string) => /^application\/([\w.+-]+\+)?json$/i.test(mediaType)

const mediaTypeOf = (contentType: string | null) => (contentType ?? "").split(";")[0]!.trim().toLowerCase()

const excerpt = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}…` : text)

const formatErrors = (errors: ReadonlyArray<ErrorObject> | null | undefined): string =>
  (errors ?? []).slice(0, 12).map((error) => {
    const where = error.instancePath === "" ? "(body)" : error.instancePath
    const params = error.keyword === "additionalProperties" || error.keyword === "required" || error.keyword === "enum"
      ? ` ${JSON.stringify(error.params)}`
      : ""
    return `  ${where} ${error.message ?? error.keyword}${params} [${error.schemaPath}]`
  }).join("\n")

/** A validator of answers against `document` (an OpenAPI 3.1 document as JSON). */
export const makeContractValidator = (document: unknown): ContractValidator => {
  if (!isRecord(document) || !isRecord(document.paths)) throw new Error("not an OpenAPI document: no paths")
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictRequired: false, allErrors: true })
  formatsPlugin.default(ajv)
  ajv.addVocabulary([...openApiKeywords, ...extensionKeywords(document)])
  ajv.addSchema(document, documentId)

  const paths = Object.entries(document.paths)
    .flatMap(([template, item]) => (isRecord(item) ? [pathEntry(template, item)] : []))
    .sort(moreLiteral)

  const operationOf = (method: string, pathname: string): Operation | undefined => {
    const lower = method.toLowerCase()
    if (!methods.has(lower)) return undefined
    for (const path of paths) {
      if (!path.pattern.test(pathname)) continue
      const operation = path.item[lower]
      if (!isRecord(operation)) continue
      const responses = isRecord(operation.responses) ? (operation.responses as Readonly<Record<string, ResponseObject>>) : {}
      const id = typeof operation.operationId === "string" ? ` (${operation.operationId})` : ""
      return { template: path.template, method: lower, label: `${method.toUpperCase()} ${path.template}${id}`, responses }
    }
    return undefined
  }

  const validators = new Map<string, ValidateFunction>()
  const validatorOf = (operation: Operation, key: string, mediaType: string): ValidateFunction => {
    const pointer = ["paths", operation.template, operation.method, "responses", key, "content", mediaType, "schema"]
      .map(pointerSegment).join("/")
    let validate = validators.get(pointer)
    if (validate === undefined) {
      validate = ajv.getSchema(`${documentId}#/${pointer}`)
      if (validate === undefined) throw new Error(`the document has no schema at #/${pointer}`)
      validators.set(pointer, validate)
    }
    return validate
  }

  const violation = (answer: Answer): string | undefined => {
    const pathname = new URL(answer.url, "http://contract.invalid").pathname
    const operation = operationOf(answer.method, pathname)
    if (operation === undefined) return undefined
    const fail = (reason: string) =>
      `the answer breaks the OpenAPI document: ${operation.label} answered ${answer.status}: ${reason}\n` +
      `  request: ${answer.method.toUpperCase()} ${answer.url}\n  body: ${excerpt(answer.text)}`
    const key = responseKey(operation.responses, answer.status)
    if (key === undefined) {
      return fail(`undocumented status (documented: ${Object.keys(operation.responses).join(", ")})`)
    }
    const content = operation.responses[key]?.content
    if (content === undefined || Object.keys(content).length === 0) {
      return answer.text === "" ? undefined : fail(`a body where the document declares none`)
    }
    const mediaType = mediaTypeOf(answer.contentType)
    const declared = Object.keys(content).find((candidate) => candidate.toLowerCase() === mediaType)
    if (declared === undefined) {
      return fail(`media type "${mediaType}" where the document declares ${Object.keys(content).join(", ")}`)
    }
    if (!isJsonMediaType(declared) || !isRecord(content[declared]) || !("schema" in content[declared])) return undefined
    let body: unknown
    try {
      body = JSON.parse(answer.text)
    } catch {
      return fail(`the body is not JSON`)
    }
    const validate = validatorOf(operation, key, declared)
    return validate(body) ? undefined : fail(`the body does not match its schema (response "${key}"):\n${formatErrors(validate.errors)}`)
  }

  return { violation }
}

/** An answer the document does not describe: fails the test that received it. */
export class ContractViolation extends Error {
  override readonly name = "ContractViolation"
}

/** Dies with a `ContractViolation` when `answer` breaks the document. */
export const checkAnswer = (validator: ContractValidator, answer: Answer): Effect.Effect<void> => {
  const problem = validator.violation(answer)
  return problem === undefined ? Effect.void : Effect.die(new ContractViolation(problem))
}

/** An `HttpClient` whose every answer is checked (the body is read once; the client's decoding reuses it). */
export const validatingClient = (validator: ContractValidator) =>
  HttpClient.tap((response: HttpClientResponse.HttpClientResponse) =>
    Effect.flatMap(Effect.orDie(response.text), (text) =>
      checkAnswer(validator, {
        method: response.request.method,
        url: response.request.url,
        status: response.status,
        contentType: response.headers["content-type"] ?? null,
        text
      })
    )
  )

/**
 * `fetch` with its answer checked against the document its server serves (for the tests
 * that start the service as a separate process): rejects with a `ContractViolation`.
 */
export const checkedFetch = async (url: string, init: RequestInit = {}): Promise<Response> =>
  checkFetched(url, init, await fetch(url, init))

/** The answer of `fetch(url, init)`, checked (see `checkedFetch`); its body stays unread. */
export const checkFetched = async (url: string, init: RequestInit, response: Response): Promise<Response> => {
  const validator = await servedContract(new URL(url).origin)
  const problem = validator.violation({
    method: init.method ?? "GET",
    url,
    status: response.status,
    contentType: response.headers.get("content-type"),
    text: await response.clone().text()
  })
  if (problem !== undefined) throw new ContractViolation(problem)
  return response
}

let served: Promise<ContractValidator> | undefined

/** The validator of the document served at `${baseUrl}/api/openapi.json`, fetched once per process. */
export const servedContract = (baseUrl: string): Promise<ContractValidator> =>
  served ??= fetch(`${baseUrl}/api/openapi.json`)
    .then(async (response) => {
      if (response.status !== 200) throw new Error(`GET /api/openapi.json answered ${response.status}`)
      return makeContractValidator(await response.json())
    })
    .catch((error: unknown) => {
      served = undefined
      throw error
    })
