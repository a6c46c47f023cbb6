/**
 * The parts of the generated OpenAPI document the finishing step (`openapi-finish.ts`)
 * reads and writes, as plain JSON, and the JSON-level helpers it uses: examples of error
 * envelopes, and unions without repeated members.
 */

/** A JSON Schema object as the document holds it. */
export interface JsonSchema {
  readonly $ref?: string
  readonly type?: string
  readonly anyOf?: ReadonlyArray<JsonSchema>
  readonly enum?: ReadonlyArray<unknown>
  readonly const?: unknown
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: ReadonlyArray<string>
  readonly minimum?: number
  readonly description?: string
  readonly [keyword: string]: unknown
}

export interface MediaType {
  schema: JsonSchema
  example?: unknown
  examples?: Record<string, { readonly summary: string; readonly value: unknown }>
}

/** A response header. */
export interface Header {
  readonly description: string
  readonly schema: JsonSchema
}

export interface Response {
  description: string
  content?: Record<string, MediaType>
  headers?: Record<string, Header>
}

export interface Parameter {
  readonly name: string
  readonly in: string
  schema: JsonSchema
  required: boolean
  example?: unknown
}

export interface Operation {
  operationId: string
  summary?: string
  description?: string
  parameters: Array<Parameter>
  requestBody?: { content: Record<string, MediaType> }
  responses: Record<string, Response>
  security: Array<Record<string, ReadonlyArray<string>>>
}

export interface Components {
  readonly schemas: Record<string, JsonSchema>
}

export interface Document {
  info: Record<string, unknown>
  readonly paths: Record<string, Record<string, Operation>>
  readonly components: Components
  tags: Array<{ readonly name: string; readonly description?: string }>
  servers?: ReadonlyArray<Readonly<Record<string, unknown>>>
}

const refPrefix = "#/components/schemas/"

const resolve = (schema: JsonSchema, components: Components): JsonSchema =>
  schema.$ref?.startsWith(refPrefix) === true
    ? resolve(components.schemas[schema.$ref.slice(refPrefix.length)] ?? {}, components)
    : schema

/** A minimal value the schema accepts: required properties only, the first of each choice. */
const sampleOf = (given: JsonSchema, components: Components): unknown => {
  const schema = resolve(given, components)
  if (schema.const !== undefined) return schema.const
  if (schema.enum !== undefined) return schema.enum[0]
  if (schema.anyOf !== undefined) return sampleOf(schema.anyOf[0] ?? {}, components)
  switch (schema.type) {
    case "object":
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, sampleOf(schema.properties?.[name] ?? {}, components)])
      )
    case "array":
      return []
    case "integer":
    case "number":
      return schema.minimum ?? 0
    case "boolean":
      return false
    case "null":
      return null
    default:
      return "…"
  }
}

/** One example per error code the response may carry: its envelope, summarized by the code's description. */
export const errorExamples = (schema: JsonSchema, components: Components): MediaType["examples"] => {
  const members = schema.anyOf ?? [schema]
  const examples: Record<string, { summary: string; value: unknown }> = {}
  for (const member of members) {
    const envelope = resolve(member, components)
    const error = envelope.properties?.error
    const codeSchema = error?.properties?.code
    const code = codeSchema?.const ?? codeSchema?.enum?.[0]
    if (error === undefined || typeof code !== "string") continue
    const details = error.required?.includes("details") === true && error.properties?.details !== undefined
      ? { details: sampleOf(error.properties.details, components) }
      : {}
    const message = "A sentence for people; match on the code"
    examples[code] = { summary: envelope.description ?? code, value: { error: { code, message, ...details } } }
  }
  return examples
}

/**
 * Effect writes `optional(NullOr(X))` as `anyOf: [X, null, null]`; the linters (rightly)
 * call a repeated member illogical. Removes repeats everywhere and unwraps a union left
 * with one member.
 */
export const withoutRepeatedMembers = <A>(value: A): A => {
  if (Array.isArray(value)) return value.map(withoutRepeatedMembers) as A
  if (value === null || typeof value !== "object") return value
  const out: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(value)) out[key] = withoutRepeatedMembers(child)
  const members = out.anyOf
  if (!Array.isArray(members)) return out as A
  const seen = new Set<string>()
  const distinct = members.filter((member) => {
    const text = JSON.stringify(member)
    return !seen.has(text) && seen.add(text)
  })
  if (distinct.length > 1) return { ...out, anyOf: distinct } as A
  const { anyOf: _single, ...rest } = out
  return { ...(distinct[0] as Record<string, unknown>), ...rest } as A
}
