/**
 * The spec publishes the contract as OpenAPI 3.0 (A section 1); @effect/platform generates 3.1
 * (JSON Schema 2020-12). This rewrites the 3.1-only constructs it emits into their 3.0 form, so
 * the download and the explorers' 3.1 document say the same thing:
 *
 * - `anyOf: [X, {type: "null"}]` becomes X with `nullable: true` (3.0 has no null type, and its
 *   `nullable` needs a `type` beside it: a `$ref` is wrapped in `allOf` with the referenced type);
 * - a lone `{type: "null"}` (the `data` of error envelopes) becomes a nullable enum of null;
 * - `const` becomes a one-value `enum`, `examples` the first `example`, numeric
 *   `exclusiveMinimum`/`exclusiveMaximum` the 3.0 boolean form.
 *
 * Null members are recognised before their own rewrite, which is what lets the parent collapse.
 */
type Json = null | boolean | number | string | Array<Json> | JsonObject
type JsonObject = { [key: string]: Json }

const isObject = (node: Json | undefined): node is JsonObject => node !== null && typeof node === "object" && !Array.isArray(node)

const isNullType = (node: Json): boolean => isObject(node) && node.type === "null" && node.enum === undefined && node.properties === undefined

/** Looks up the `type` of a local component so a nullable `$ref` can carry it. */
type TypeOfRef = (ref: string) => Json | undefined

const typeOfMembers = (members: ReadonlyArray<Json>, typeOfRef: TypeOfRef): Json | undefined => {
  const types = new Set<string>()
  for (const member of members) {
    if (!isObject(member)) return undefined
    const type = typeof member.$ref === "string" ? typeOfRef(member.$ref) : member.type
    if (typeof type !== "string") return undefined
    types.add(type)
  }
  return types.size === 1 ? [...types][0] : undefined
}

/** Keys whose value is a map of names (a property may be called `type` or `const`), not a schema. */
const NameMaps = new Set(["properties", "patternProperties", "$defs", "schemas", "paths", "responses", "content", "headers", "securitySchemes", "encoding"])

const rewrite = (node: Json, typeOfRef: TypeOfRef): Json => {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, typeOfRef))
  if (!isObject(node)) return node
  const source: JsonObject = { ...node }
  let nullable = false
  if (Array.isArray(source.anyOf) && source.anyOf.some(isNullType)) {
    const rest = source.anyOf.filter((m) => !isNullType(m))
    delete source.anyOf
    nullable = true
    if (rest.length === 1 && isObject(rest[0])) {
      const only = rest[0]
      if (typeof only.$ref === "string") {
        const type = typeOfRef(only.$ref)
        Object.assign(source, { allOf: [only] }, type === undefined ? {} : { type })
      } else {
        // The member's own keywords win over the wrapper's, except a wrapper description.
        Object.assign(source, only, source.description === undefined ? {} : { description: source.description })
      }
    } else if (rest.length > 0) {
      const type = typeOfMembers(rest, typeOfRef)
      Object.assign(source, { anyOf: rest }, type === undefined ? {} : { type })
    }
  }
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(source)) {
    if (key === "enum" || key === "example" || key === "default") out[key] = value
    else if (NameMaps.has(key) && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, v]) => [name, rewrite(v, typeOfRef)]))
    else out[key] = rewrite(value, typeOfRef)
  }
  if (nullable) {
    out.nullable = true
    // 3.0 wants a type beside nullable; a union of several kinds may be any of them.
    if (out.type === undefined && out.anyOf === undefined && out.allOf === undefined && Object.keys(out).length === 1) out.type = "object"
  }
  if (out.type === "null") {
    // The only value is null: an object type that admits nothing but null.
    return { ...out, type: "object", nullable: true, enum: [null] }
  }
  if ("const" in out) {
    const value = out.const as Json
    delete out.const
    out.enum = [value]
  }
  if (Array.isArray(out.examples)) {
    if (out.example === undefined && out.examples.length > 0) out.example = out.examples[0]!
    delete out.examples
  }
  for (const [exclusive, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]] as const) {
    if (typeof out[exclusive] === "number") {
      out[bound] = out[exclusive]
      out[exclusive] = true
    }
  }
  return out
}

/** Returns the document in OpenAPI 3.0.3 form. */
export const toOpenApi30 = <D extends object>(doc: D): D => {
  const schemas = (doc as { components?: { schemas?: Record<string, Json> } }).components?.schemas ?? {}
  const typeOfRef: TypeOfRef = (ref) => {
    const name = ref.startsWith("#/components/schemas/") ? ref.slice("#/components/schemas/".length) : undefined
    const target = name === undefined ? undefined : schemas[name]
    return isObject(target) && typeof target.type === "string" ? target.type : undefined
  }
  return { ...(rewrite(doc as unknown as Json, typeOfRef) as object), openapi: "3.0.3" } as D
}
