/**
 * The published contract is what client generators take: the 3.0 download (JSON and YAML) and
 * the 3.1 document the explorers show must both pass swagger-parser and Redocly's recommended
 * ruleset without an error, and say the same thing.
 */
import SwaggerParser from "@apidevtools/swagger-parser"
import { openApi31Document } from "@podium/http/api"
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core"
import { parse } from "yaml"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startHttp, type RunningHttp } from "../support/http.js"
import { infraWith } from "../support/infra.js"

/**
 * Warnings of the recommended ruleset we keep, and why:
 * - no-ambiguous-paths: the spec's own paths (`/v2/clubs/{id}/members` beside `/v2/clubs/mine/...`);
 *   literal segments are routed first, as the spec intends;
 * - tag-description: groups whose tag has no prose yet (their operations are described);
 * - info-license: the API is not published under a licence;
 * - operation-2xx-response: the identity-provider callback answers only with a 302 redirect.
 */
const KeptWarnings = new Set(["no-ambiguous-paths", "tag-description", "info-license", "operation-2xx-response"])

let http: RunningHttp
let json: Record<string, unknown>
let yamlText: string
let doc31: Record<string, unknown>

beforeAll(async () => {
  http = await startHttp(await infraWith([]))
  json = (await http.get("/docs/openapi.json")).body
  yamlText = (await http.get("/docs/openapi.yaml")).text
  doc31 = JSON.parse(JSON.stringify(openApi31Document()))
})
afterAll(() => http.close())

const lint = async (source: string, name: string): Promise<ReadonlyArray<NormalizedProblem>> =>
  lintFromString({ source, absoluteRef: `/${name}`, config: await createConfig({ extends: ["recommended"] }) })

const summary = (problems: ReadonlyArray<NormalizedProblem>) =>
  problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? "?"}`)

const operations = (doc: Record<string, unknown>) =>
  Object.entries(doc.paths as Record<string, Record<string, { operationId: string }>>)
    .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => `${method} ${path} ${op.operationId}`))
    .sort()

describe("the published OpenAPI documents", () => {
  it("are valid under swagger-parser: the 3.0 JSON, the 3.0 YAML and the 3.1 the explorers show", async () => {
    expect(json.openapi).toBe("3.0.3")
    expect(doc31.openapi).toBe("3.1.0")
    await SwaggerParser.validate(structuredClone(json) as never)
    await SwaggerParser.validate(parse(yamlText))
    await SwaggerParser.validate(structuredClone(doc31) as never)
  })

  it("have no error and only the explained warnings under Redocly's recommended ruleset", async () => {
    for (const [name, source] of [["openapi.json", JSON.stringify(json)], ["openapi.yaml", yamlText], ["openapi-3.1.json", JSON.stringify(doc31)]] as const) {
      const problems = await lint(source, name)
      expect(summary(problems.filter((p) => p.severity === "error")), name).toEqual([])
      expect(summary(problems.filter((p) => !KeptWarnings.has(p.ruleId))), name).toEqual([])
    }
  })

  it("agree: the same operations, security schemes, components and response headers", () => {
    expect(operations(json)).toEqual(operations(doc31))
    const components = (doc: Record<string, unknown>) => doc.components as Record<string, Record<string, unknown>>
    expect(components(json).securitySchemes).toEqual(components(doc31).securitySchemes)
    expect(Object.keys(components(json).schemas!).sort()).toEqual(Object.keys(components(doc31).schemas!).sort())
    expect(components(json).headers).toEqual(components(doc31).headers)
    expect(json.tags).toEqual(doc31.tags)
  })

  it("type numeric query parameters as integers and dates as date-time", () => {
    const params = Object.values(json.paths as Record<string, Record<string, { parameters?: Array<{ name: string; in: string; schema: { type?: string } }> }>>)
      .flatMap((item) => Object.values(item).flatMap((op) => op.parameters ?? []))
    const limits = params.filter((p) => p.in === "query" && (p.name === "limit" || p.name === "page"))
    expect(limits.length).toBeGreaterThan(50)
    expect(limits.every((p) => p.schema.type === "integer")).toBe(true)
    expect(JSON.stringify(json)).not.toContain("a string to be decoded into a Date")
    expect(JSON.stringify(json)).toContain("\"format\":\"date-time\"")
  })

  it("give every operation a summary, a description, x-request-id on every response and Retry-After on 429", () => {
    type Operation = { summary?: string; description?: string; responses: Record<string, { headers?: Record<string, unknown> }> }
    for (const [path, item] of Object.entries(json.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method} ${path}`
        expect(op.summary, where).toBeTruthy()
        expect(op.description, where).toBeTruthy()
        expect(op.responses["500"], where).toBeDefined()
        for (const [status, response] of Object.entries(op.responses)) {
          expect(response.headers?.["x-request-id"], `${where} ${status}`).toBeDefined()
          if (status === "429") expect(response.headers?.["Retry-After"], where).toBeDefined()
        }
      }
    }
  })

  it("document the refresh token as a security scheme, not as an Authorization header parameter", () => {
    const refresh = (json.paths as Record<string, Record<string, { security: Array<Record<string, unknown>>; parameters?: Array<{ name: string }> }>>)["/v2/auth/refresh-tokens"]!.post!
    expect(refresh.security).toEqual([{ refreshToken: [] }])
    expect((refresh.parameters ?? []).map((p) => p.name.toLowerCase())).not.toContain("authorization")
    expect((json.components as { securitySchemes: Record<string, unknown> }).securitySchemes.refreshToken).toMatchObject({ type: "http", scheme: "bearer" })
  })

  it("let request bodies carry unknown properties, which the server drops (no additionalProperties: false)", () => {
    const schemas = (json.components as { schemas: Record<string, unknown> }).schemas
    const seen = new Set<string>()
    const closed: Array<string> = []
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) {
        for (const item of node) walk(item, where)
        return
      }
      if (node === null || typeof node !== "object") return
      const record = node as Record<string, unknown>
      if (record.additionalProperties === false) closed.push(where)
      const ref = typeof record.$ref === "string" ? record.$ref.split("/").pop()! : undefined
      if (ref !== undefined && !seen.has(ref)) {
        seen.add(ref)
        walk(schemas[ref], ref)
      }
      for (const value of Object.values(record)) walk(value, where)
    }
    for (const [path, item] of Object.entries(json.paths as Record<string, Record<string, { requestBody?: unknown }>>)) {
      for (const [method, op] of Object.entries(item)) walk(op.requestBody, `${method} ${path}`)
    }
    expect(closed).toEqual([])
  })

  it("document single-file multipart fields as one binary value", () => {
    const create = (json.paths as Record<string, Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>>)["/v2/organizers/create"]!.post!
    expect(create.requestBody.content["multipart/form-data"]!.schema.properties.companyLogo).toMatchObject({ type: "string", format: "binary" })
  })
})
