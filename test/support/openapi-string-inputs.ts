/**
 * Every string input of every operation of the server's OpenAPI document — path and
 * query parameters, and each string anywhere in a JSON request body — so boundary tests
 * can be generated from the API definition instead of listed by hand, and cover the
 * endpoints added later.
 */

/** The JSON Schema keywords the walk understands (what `OpenApi.fromApi` emits). */
interface JsonSchema {
  readonly $ref?: string
  readonly type?: string | ReadonlyArray<string>
  readonly enum?: ReadonlyArray<unknown>
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly additionalProperties?: boolean | JsonSchema
  readonly items?: boolean | JsonSchema
  readonly prefixItems?: ReadonlyArray<JsonSchema>
  readonly anyOf?: ReadonlyArray<JsonSchema>
  readonly oneOf?: ReadonlyArray<JsonSchema>
  readonly allOf?: ReadonlyArray<JsonSchema>
}

interface Parameter {
  readonly name: string
  readonly in: string
  readonly required?: boolean
  readonly schema?: JsonSchema
}

interface Operation {
  readonly parameters?: ReadonlyArray<Parameter>
  readonly requestBody?: { readonly content?: Readonly<Record<string, { readonly schema?: JsonSchema }>> }
}

export interface OpenApiDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>
  readonly components?: { readonly schemas?: Readonly<Record<string, JsonSchema>> }
}

/** A position in a body: an object key, or `0` for the first item of an array. */
export type FieldSegment = string | 0

export interface StringInput {
  /** Upper case, e.g. `POST`. */
  readonly method: string
  /** As in the document, e.g. `/api/companies/{id}`. */
  readonly path: string
  readonly part: "params" | "query" | "payload"
  readonly field: ReadonlyArray<FieldSegment>
  /** The operation's required header parameters, so the request is otherwise well-formed. */
  readonly requiredHeaders: ReadonlyArray<string>
}

const httpMethods = ["get", "post", "put", "patch", "delete"] as const

const maxDepth = 12

const resolve = (document: OpenApiDocument, schema: JsonSchema): JsonSchema => {
  const name = schema.$ref?.replace("#/components/schemas/", "")
  const target = name === undefined ? undefined : document.components?.schemas?.[name]
  if (schema.$ref !== undefined && target === undefined) throw new Error(`unresolvable ${schema.$ref}`)
  return target ?? schema
}

const acceptsString = (schema: JsonSchema) =>
  schema.type === "string" || (Array.isArray(schema.type) && schema.type.includes("string")) ||
  (schema.type === undefined && schema.enum !== undefined && schema.enum.some((value) => typeof value === "string"))

/** The field paths of every string a value of `schema` may hold (one entry per path). */
export const stringFieldsOf = (
  document: OpenApiDocument,
  schema: JsonSchema,
  field: ReadonlyArray<FieldSegment> = [],
  depth = 0
): Array<ReadonlyArray<FieldSegment>> => {
  if (depth > maxDepth) return []
  const resolved = resolve(document, schema)
  const walk = (child: JsonSchema, at: ReadonlyArray<FieldSegment>) => stringFieldsOf(document, child, at, depth + 1)
  const found: Array<ReadonlyArray<FieldSegment>> = acceptsString(resolved) ? [field] : []
  for (const variant of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])]) {
    found.push(...stringFieldsOf(document, variant, field, depth + 1))
  }
  for (const [key, property] of Object.entries(resolved.properties ?? {})) found.push(...walk(property, [...field, key]))
  if (typeof resolved.additionalProperties === "object") {
    found.push(...walk(resolved.additionalProperties, [...field, "anyKey"]))
  }
  if (typeof resolved.items === "object") found.push(...walk(resolved.items, [...field, 0]))
  for (const item of resolved.prefixItems ?? []) found.push(...walk(item, [...field, 0]))
  const seen = new Set<string>()
  return found.filter((path) => {
    const key = JSON.stringify(path)
    return seen.has(key) ? false : (seen.add(key), true)
  })
}

/** Every string path parameter, query parameter and body field of every operation. */
export const stringInputsOf = (document: OpenApiDocument): Array<StringInput> =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    httpMethods.flatMap((method) => {
      const operation = item[method]
      if (operation === undefined) return []
      const parameters = operation.parameters ?? []
      const common = {
        method: method.toUpperCase(),
        path,
        requiredHeaders: parameters.filter((p) => p.in === "header" && p.required === true).map((p) => p.name)
      }
      const parameterInputs = parameters.flatMap((parameter): Array<StringInput> => {
        const part = parameter.in === "path" ? "params" : parameter.in === "query" ? "query" : undefined
        if (part === undefined || parameter.schema === undefined) return []
        return stringFieldsOf(document, parameter.schema).length > 0
          ? [{ ...common, part, field: [parameter.name] }]
          : []
      })
      const bodySchema = operation.requestBody?.content?.["application/json"]?.schema
      const bodyInputs = bodySchema === undefined
        ? []
        : stringFieldsOf(document, bodySchema).map((field): StringInput => ({ ...common, part: "payload", field }))
      return [...parameterInputs, ...bodyInputs]
    })
  )

/** A body holding only `leaf` at `field`; arrays hold one item. */
export const bodyWith = (field: ReadonlyArray<FieldSegment>, leaf: unknown): unknown =>
  field.reduceRight<unknown>((inner, segment) => segment === 0 ? [inner] : { [segment]: inner }, leaf)
