/**
 * What the published contract says beyond what @effect/platform generates, applied once to the
 * generated 3.1 document so the explorers (3.1) and the download (3.0, see openapi30.ts) agree:
 * schema keywords the generator leaves that validators refuse, formats of the kernel's dates,
 * the response headers and failures the host adds to every route, and the refresh token as a
 * security scheme instead of a header parameter (OpenAPI tells tools to ignore one named
 * `Authorization`).
 */
import type { OpenApi } from "@effect/platform"

type Json = null | boolean | number | string | Array<Json> | JsonObject
type JsonObject = { [key: string]: Json }

const isObject = (node: Json | undefined): node is JsonObject => node !== null && typeof node === "object" && !Array.isArray(node)

/** The description effect gives `Schema.Date` (an ISO string on the wire, `toISOString()` when encoding). */
const DateDescription = "a string to be decoded into a Date"
const CalendarDatePattern = "^\\d{4}-\\d{2}-\\d{2}$"

/** Schema keywords fixed everywhere: empty `required`, `Schema.Unknown`'s placeholder `$id`, date formats. */
const cleanSchema = (node: Json): Json => {
  if (Array.isArray(node)) return node.map(cleanSchema)
  if (!isObject(node)) return node
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(node)) out[key] = cleanSchema(value)
  // An empty list is the same as no list, but OpenAPI 3.0 requires at least one name.
  if (Array.isArray(out.required) && out.required.length === 0) delete out.required
  // Schema.Unknown renders as {$id: "/schemas/unknown", title: "unknown"}: repeated ids that make
  // the components unloadable for JSON Schema tools; any value is `{}`.
  if (typeof out.$id === "string" && out.$id.startsWith("/schemas/")) {
    delete out.$id
    if (out.title === "unknown") delete out.title
  }
  if (out.type === "string" && out.description === DateDescription && out.format === undefined) {
    delete out.description
    out.format = "date-time"
  }
  if (out.type === "string" && out.pattern === CalendarDatePattern && out.format === undefined) out.format = "date"
  return out
}

/** Query and path text the server decodes as a boolean (`"true"`/`"false"`) is documented as one. */
const parameterSchema = (schema: Json): Json => {
  if (!isObject(schema)) return schema
  const values = schema.enum
  if (schema.type === "string" && Array.isArray(values) && values.length === 2 && values.includes("true") && values.includes("false")) {
    const { enum: _enum, type: _type, ...rest } = schema
    return { ...rest, type: "boolean" }
  }
  return schema
}

/**
 * A multipart file field decodes as a list of files; the contract's single-file fields allow
 * exactly one, which on the wire is one part: documented as one binary value (a Blob in typed
 * clients) rather than an array of them.
 */
const multipartSchema = (schema: Json): Json => {
  if (!isObject(schema) || !isObject(schema.properties)) return schema
  const properties: JsonObject = {}
  for (const [name, property] of Object.entries(schema.properties)) {
    const single = isObject(property) && property.type === "array" && property.maxItems === 1 && isObject(property.items) &&
      (property.items.$ref === "#/components/schemas/PersistedFile" || property.items.format === "binary")
    properties[name] = single ? { type: "string", format: "binary", description: "One file" } : property
  }
  return { ...schema, properties }
}

const ref = (name: string, section = "schemas") => ({ $ref: `#/components/${section}/${name}` })

const errorEnvelope = (status: number): JsonObject => ({
  type: "object",
  required: ["status", "statusText", "message", "data"],
  properties: {
    status: { type: "integer", enum: [status] },
    statusText: { type: "string" },
    message: { type: "string" },
    code: { type: "string" },
    data: { type: "null" }
  },
  additionalProperties: false
})

const Headers: JsonObject = {
  RequestId: {
    description: "The request's id: the `x-request-id` the client sent, else one the server made; it is in every log line of the request.",
    schema: { type: "string" }
  },
  RetryAfter: {
    description: "Whole seconds to wait before trying again (sent by throttles that know when the limit lifts).",
    schema: { type: "integer", minimum: 1 }
  },
  Deprecation: {
    description: "Present on a deprecated route: `true`.",
    schema: { type: "string" }
  },
  Link: {
    description: "The route that replaces this one (`rel=\"successor-version\"`).",
    schema: { type: "string" }
  }
}

const StandardFailures: Record<string, { readonly description: string; readonly schema: string }> = {
  401: { description: "Missing, invalid or expired token", schema: "Unauthorized" },
  403: { description: "The caller lacks the role, permission or tenancy the operation requires", schema: "Forbidden" },
  500: { description: "Unexpected server failure (the body never carries details; the request id finds the log)", schema: "InternalServerError" }
}

const sentence = (text: string): string => {
  const trimmed = text.trim()
  return /[.!?)]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

/** "organizerSignIn.organizerSendOtp" → "Organizer send otp". */
const humanise = (operationId: string): string => {
  const last = operationId.split(".").pop() ?? operationId
  const words = last.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const AuthorizationLine = /^Authorization:/

type Operation = JsonObject & {
  operationId: string
  parameters: Array<JsonObject>
  security: Array<JsonObject>
  responses: Record<string, JsonObject>
}

const enrichOperation = (op: Operation, refreshTokenScheme: string, tokenOptional: boolean): void => {
  // Summary and a one-line description; the authorization sentence (when declared) stays below it.
  const summary = typeof op.summary === "string" && op.summary.trim() !== "" ? op.summary.trim() : humanise(op.operationId)
  op.summary = summary
  const description = typeof op.description === "string" ? op.description.trim() : ""
  if (description === "") op.description = sentence(summary)
  else if (AuthorizationLine.test(description)) op.description = `${sentence(summary)}\n\n${description}`

  // The refresh token travels as `Authorization: Bearer <refresh token>`: a security scheme.
  const before = op.parameters.length
  op.parameters = op.parameters
    .filter((p) => !(p.in === "header" && typeof p.name === "string" && p.name.toLowerCase() === "authorization"))
    .map((p) => (p.in === "query" || p.in === "path") ? { ...p, schema: parameterSchema(p.schema ?? {}) } : p)
  if (op.parameters.length !== before && op.security.length === 0) op.security = [{ [refreshTokenScheme]: [] }]
  if (op.parameters.length === 0) delete (op as JsonObject).parameters

  const multipart = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content["multipart/form-data"] : undefined
  if (isObject(multipart)) multipart.schema = multipartSchema(multipart.schema ?? {})

  // An optional token: anonymous callers are served too (`{}`), and a bad token is ignored, not a 401.
  if (tokenOptional && op.security.length > 0) op.security = [...op.security, {}]
  const secured = !tokenOptional && op.security.length > 0 && op.security.some((s) => !(refreshTokenScheme in s))
  const failures = secured ? [401, 403, 500] : !tokenOptional && op.security.length > 0 ? [401, 500] : [500]
  for (const status of failures) {
    if (op.responses[status] !== undefined) continue
    const failure = StandardFailures[status]!
    op.responses[status] = { description: failure.description, content: { "application/json": { schema: ref(failure.schema) } } }
  }

  for (const [status, response] of Object.entries(op.responses)) {
    const headers: JsonObject = isObject(response.headers) ? { ...response.headers } : {}
    headers["x-request-id"] = ref("RequestId", "headers")
    if (status === "429") headers["Retry-After"] = ref("RetryAfter", "headers")
    if (op.deprecated === true && Number(status) < 400) {
      headers.Deprecation = ref("Deprecation", "headers")
      headers.Link = ref("Link", "headers")
    }
    response.headers = headers
  }
}

/**
 * The server drops request properties it does not declare (never stored nor echoed), so request
 * schemas must not say `additionalProperties: false`: the keyword is removed from every request
 * body schema and every component such a schema reaches. A component shared with responses loses
 * it too, which only tells clients to tolerate extra fields they never get.
 */
const openRequestSchemas = (doc: JsonObject & { paths: Record<string, Record<string, Operation>>; components: JsonObject & { schemas: JsonObject } }): void => {
  const visited = new Set<string>()
  const open = (node: Json | undefined): void => {
    if (Array.isArray(node)) {
      for (const item of node) open(item)
      return
    }
    if (!isObject(node)) return
    if (node.additionalProperties === false) delete node.additionalProperties
    const target = typeof node.$ref === "string" && node.$ref.startsWith("#/components/schemas/") ? node.$ref.slice(21) : undefined
    if (target !== undefined && !visited.has(target)) {
      visited.add(target)
      open(doc.components.schemas[target])
    }
    for (const value of Object.values(node)) open(value)
  }
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      const content = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content : undefined
      if (content !== undefined) for (const media of Object.values(content)) if (isObject(media)) open(media.schema)
    }
  }
}

export interface EnrichOptions {
  /** Operation ids whose bearer token is optional (the contract's OptionalAuthenticated). */
  readonly tokenOptional?: ReadonlySet<string>
}

/** The generated document with the additions above; pure, so it runs once per generation. */
export const enrichOpenApi = (spec: OpenApi.OpenAPISpec, options: EnrichOptions = {}): OpenApi.OpenAPISpec => {
  const doc = cleanSchema(spec as unknown as Json) as JsonObject & {
    paths: Record<string, Record<string, Operation>>
    components: JsonObject & { schemas: JsonObject; securitySchemes: JsonObject }
    tags: Array<JsonObject & { name: string }>
  }
  const refreshTokenScheme = "refreshToken"
  doc.components.securitySchemes[refreshTokenScheme] = {
    type: "http",
    scheme: "bearer",
    description: "Refresh token from a sign-in, sent as `Authorization: Bearer <refresh token>`; only the token-rotation operations take it"
  }
  doc.components.schemas.InternalServerError = errorEnvelope(500)
  doc.components.headers = { ...(isObject(doc.components.headers) ? doc.components.headers : {}), ...Headers }
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) enrichOperation(op, refreshTokenScheme, options.tokenOptional?.has(op.operationId) ?? false)
  }
  openRequestSchemas(doc)
  // Several groups may share a tag (one spec section served by two groups): one entry per name.
  const tags = new Map<string, JsonObject & { name: string }>()
  for (const tag of doc.tags) {
    const seen = tags.get(tag.name)
    if (seen === undefined) tags.set(tag.name, { ...tag })
    else if (typeof tag.description === "string") {
      seen.description = typeof seen.description === "string" ? `${seen.description}; ${tag.description}` : tag.description
    }
  }
  doc.tags = [...tags.values()]
  // File fields now say "binary" themselves; the generator's file schema is left without users.
  if (!JSON.stringify(doc.paths).includes("#/components/schemas/PersistedFile")) delete doc.components.schemas.PersistedFile
  // A relative server: the document describes whichever host serves it.
  if (!Array.isArray(doc.servers) || doc.servers.length === 0) doc.servers = [{ url: "/", description: "The host serving this document" }]
  return doc as unknown as OpenApi.OpenAPISpec
}
