/** Discovery paths of A section 1: generated contract, static reference, offline explorers. */
import { parse } from "yaml"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startHttp, type RunningHttp } from "../support/http.js"
import { infraWith } from "../support/infra.js"

let http: RunningHttp
beforeAll(async () => {
  http = await startHttp(await infraWith([]))
})
afterAll(() => http.close())

describe("docs", () => {
  it("publish the contract as OpenAPI 3.0 with version label v2, generated from the routes", async () => {
    const res = await http.get("/docs/openapi.json")
    expect(res.status).toBe(200)
    expect(res.body.openapi).toMatch(/^3\.0\./)
    expect(res.body.info.version).toBe("v2")
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(["/health", "/health/live", "/health/ready", "/memory/usage"]))
    expect(JSON.stringify(res.body)).not.toContain("\"type\":\"null\"")
  })

  it("publish the same contract as YAML", async () => {
    const json = await http.get("/docs/openapi.json")
    const yaml = await http.get("/docs/openapi.yaml")
    expect(yaml.headers.get("content-type")).toContain("yaml")
    expect(parse(yaml.text)).toEqual(json.body)
  })

  it("document validation failures with the validation envelope, not the framework's shape", async () => {
    const res = await http.get("/docs/openapi.json")
    const text = JSON.stringify(res.body)
    expect(text).not.toContain("HttpApiDecodeError")
    expect(res.body.components.schemas.ValidationErrorEnvelope).toBeDefined()
  })

  it("serve a landing page and a static reference grouped by tag", async () => {
    const landing = await http.get("/docs")
    expect(landing.headers.get("content-type")).toContain("text/html")
    expect(landing.text).toContain("/docs/reference")
    const reference = await http.get("/docs/reference")
    expect(reference.text).toContain("<h2>Health</h2>")
    expect(reference.text).toContain("/health/ready")
  })

  it("filter /v2/docs to versioned routes", async () => {
    const res = await http.get("/v2/docs?format=json")
    expect(res.status).toBe(200)
    expect(Object.keys(res.body.paths).every((p: string) => p.startsWith("/v2/"))).toBe(true)
    expect((await http.get("/v2/docs")).headers.get("content-type")).toContain("text/html")
  })

  it("serve both explorers with their assets embedded (no CDN)", async () => {
    for (const path of ["/swagger", "/api-reference"]) {
      const res = await http.get(path)
      expect(res.status).toBe(200)
      expect(res.headers.get("content-type")).toContain("text/html")
      expect(res.text).not.toMatch(/<script[^>]+src="https?:/)
      expect(res.text).not.toMatch(/<link[^>]+href="https?:/)
      expect(res.text.length).toBeGreaterThan(100_000)
    }
  })
})
