/**
 * The OpenAPI 3.0 view of our 3.1 document that `openapi-diff` can read: its parser
 * (Swagger Parser) accepts only 3.0.x. The view keeps what the diff compares — paths,
 * methods, status codes, request and response body schemas — and rewrites the 3.1-only
 * JSON Schema forms into their 3.0 equivalents:
 *
 * - `anyOf` with a `{type: "null"}` member → the other members, `nullable: true`;
 * - `const: x` → `enum: [x]`; a numeric `exclusiveMinimum`/`exclusiveMaximum` → the
 *   bound with the boolean flag; `examples: [...]` → `example`;
 * - success answers' schemas inlined and open (`tolerant` below);
 * - keywords 3.0 lacks (`contentMediaType`, `$schema`, `license.identifier`) dropped,
 *   and the security schemes and requirements (the diff does not compare them).
 *
 * It is for classifying changes only, never published.
 */

type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }
type JsonObject = { readonly [key: string]: Json }

const isObject = (value: Json | undefined): value is JsonObject =>
  value !== null && value !== undefined && typeof value === "object" && !Array.isArray(value)

const isNullType = (value: Json) => isObject(value) && value.type === "null" && Object.keys(value).length === 1

const dropped = new Set(["contentMediaType", "$schema", "examples", "const", "exclusiveMinimum", "exclusiveMaximum"])

/** One JSON Schema (and what it contains) in its 3.0 form. */
const schema30 = (value: Json): Json => {
  if (Array.isArray(value)) return value.map(schema30)
  if (!isObject(value)) return value
  const out: Record<string, Json> = {}
  for (const [key, child] of Object.entries(value)) {
    if (!dropped.has(key)) out[key] = schema30(child)
  }
  if (value.const !== undefined) out.enum = [value.const]
  if (Array.isArray(value.examples) && value.examples.length > 0) out.example = value.examples[0] ?? null
  for (const [exclusive, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]] as const) {
    const limit = value[exclusive]
    if (typeof limit === "number") {
      out[bound] = limit
      out[exclusive] = true
    }
  }
  const members = out.anyOf
  if (Array.isArray(members) && members.some(isNullType)) {
    const others = members.filter((member) => !isNullType(member))
    const { anyOf: _anyOf, ...rest } = out
    const only = others.length === 1 ? others[0] : undefined
    // A lone `null` member (e.g. `NullOr(Unknown)`) leaves any value: `{nullable: true}`.
    return isObject(only)
      ? { ...only, ...rest, nullable: true }
      : others.length === 0
      ? { ...rest, nullable: true }
      : { ...rest, anyOf: others, nullable: true }
  }
  return out
}

const mapValues = (value: Json | undefined, f: (child: Json) => Json): Json =>
  isObject(value) ? Object.fromEntries(Object.entries(value).map(([key, child]) => [key, f(child)])) : value ?? null

const refPrefix = "#/components/schemas/"

/**
 * A success answer's schema as a tolerant reader sees it: references inlined and objects
 * open (`additionalProperties: false` dropped), so a field added to an answer is not a
 * breaking change while a field removed (or made optional, or nullable) still is.
 * Request schemas stay closed (the server refuses unknown fields), and so do the error
 * envelopes (their shape is fixed) and the members of unions (the event feed's): a union
 * of open objects makes the diff's set arithmetic run for minutes. A field added there
 * is reported as breaking: err on the safe side.
 */
const tolerant = (value: Json, schemas: JsonObject, seen: ReadonlySet<string> = new Set(), inUnion = false): Json => {
  if (Array.isArray(value)) return value.map((child) => tolerant(child, schemas, seen, inUnion))
  if (!isObject(value)) return value
  const ref = value.$ref
  if (typeof ref === "string" && ref.startsWith(refPrefix) && !seen.has(ref)) {
    return tolerant(schemas[ref.slice(refPrefix.length)] ?? {}, schemas, new Set(seen).add(ref), inUnion)
  }
  const out: Record<string, Json> = {}
  for (const [key, child] of Object.entries(value)) {
    if (key === "additionalProperties" && child === false && !inUnion) continue
    out[key] = tolerant(child, schemas, seen, inUnion || key === "anyOf" || key === "oneOf")
  }
  return out
}

/** A media-type map (`content`) with its schemas in 3.0 form and no examples. */
const content30 = (content: Json | undefined, view: (schema: Json) => Json) =>
  mapValues(content, (media) => isObject(media) ? { schema: schema30(view(media.schema ?? {})) } : media)

const withContent30 = (holder: JsonObject, view: (schema: Json) => Json = (schema) => schema): JsonObject =>
  holder.content === undefined ? holder : { ...holder, content: content30(holder.content, view) }

const operation30 = (schemas: JsonObject) => (operation: Json): Json => {
  if (!isObject(operation)) return operation
  const { requestBody, responses, parameters, security: _security, ...rest } = operation
  return {
    ...rest,
    parameters: Array.isArray(parameters)
      ? parameters.map((parameter) => isObject(parameter) ? { ...parameter, schema: schema30(parameter.schema ?? {}) } : parameter)
      : [],
    ...(isObject(requestBody) ? { requestBody: withContent30(requestBody) } : {}),
    responses: isObject(responses)
      ? Object.fromEntries(Object.entries(responses).map(([status, response]) => [
        status,
        isObject(response)
          ? withContent30(response, status.startsWith("2") ? (schema) => tolerant(schema, schemas) : (schema) => schema)
          : response
      ]))
      : {}
  }
}

/** The 3.0 view of a 3.1 document (see the module comment). */
export const openApi30View = (document: JsonObject): JsonObject => {
  const info = isObject(document.info) ? document.info : {}
  const { identifier: _identifier, ...license } = isObject(info.license) ? info.license : {}
  const components = isObject(document.components) ? document.components : {}
  const schemas = isObject(components.schemas) ? components.schemas : {}
  const { security: _security, ...rest } = document
  return {
    ...rest,
    openapi: "3.0.3",
    info: { ...info, license },
    paths: mapValues(document.paths, (item) => mapValues(item, operation30(schemas))),
    components: { schemas: mapValues(schemas, schema30) }
  }
}

export type { Json, JsonObject }
