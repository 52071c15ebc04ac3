/**
 * The spec publishes the contract as OpenAPI 3.0 (A section 1); @effect/platform generates 3.1
 * (JSON Schema 2020-12). This rewrites the few 3.1-only constructs it emits into 3.0 form:
 * `{type: "null"}` members of anyOf become `nullable: true`, a lone null type becomes a nullable enum.
 */
type Json = null | boolean | number | string | Array<Json> | { [key: string]: Json }

const isNullType = (node: Json): boolean =>
  node !== null && typeof node === "object" && !Array.isArray(node) && node.type === "null" && Object.keys(node).length <= 3

const rewrite = (node: Json): Json => {
  if (Array.isArray(node)) return node.map(rewrite)
  if (node === null || typeof node !== "object") return node
  const out: { [key: string]: Json } = {}
  for (const [key, value] of Object.entries(node)) out[key] = rewrite(value)
  if (Array.isArray(out.anyOf) && out.anyOf.some(isNullType)) {
    const rest = out.anyOf.filter((m) => !isNullType(m))
    delete out.anyOf
    if (rest.length === 1 && rest[0] !== null && typeof rest[0] === "object" && !Array.isArray(rest[0])) {
      const only = rest[0]
      if (typeof only.$ref === "string") return { ...out, allOf: [only], nullable: true }
      return { ...out, ...only, nullable: true }
    }
    return { ...out, anyOf: rest, nullable: true }
  }
  if (out.type === "null") {
    delete out.type
    return { ...out, nullable: true, enum: [null] }
  }
  if ("const" in out) {
    const value = out.const as Json
    delete out.const
    return { ...out, enum: [value] }
  }
  return out
}

/** Returns the document in OpenAPI 3.0.3 form. */
export const toOpenApi30 = <D extends object>(doc: D): D => ({ ...(rewrite(doc as unknown as Json) as object), openapi: "3.0.3" }) as D
