/**
 * Keeps ARCHITECTURE.md section 8 true: every routed operation (from the generated OpenAPI document
 * plus the discovery paths) is called by at least one test under test/ with its method — a test
 * GETting `/v2/x` does not cover `DELETE /v2/x`. A path with parameters matches any concrete value
 * in their place; how the method is read from a call site is in support/operation-calls.ts.
 */
import { DocsRoutes, openApiDocument } from "@podium/http"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { HttpMethods, methodAt, type Operation, untestedOperations } from "../support/operation-calls.js"

const testRoot = resolve(import.meta.dirname, "..")

const testSources = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (name === "node_modules") return []
    if (statSync(full).isDirectory()) return testSources(full)
    return name.endsWith(".test.ts") ? [readFileSync(full, "utf8")] : []
  })

const routedOperations = (): Array<Operation> => [
  ...Object.entries(openApiDocument().paths).flatMap(([path, item]) =>
    Object.keys(item as object)
      .map((method) => method.toUpperCase())
      .filter((method) => (HttpMethods as ReadonlyArray<string>).includes(method))
      .map((method) => ({ method, path }))
  ),
  ...DocsRoutes.map(([method, path]) => ({ method, path }))
]

describe("operation test coverage", () => {
  it("reads the method of a call site", () => {
    const at = (source: string) => {
      const start = source.search(/["'`]\/v2/)
      return methodAt(source, start, source.indexOf(source[start]!, start + 1) + 1 - start)
    }
    expect(at(`host.http.delete("/v2/x")`)).toBe("DELETE")
    expect(at(`http.request("PATCH", "/v2/x", {})`)).toBe("PATCH")
    expect(at(`post("/v2/x", body)`)).toBe("POST")
    expect(at(`fetch(base + "/v2/x", { method: "PUT", body })`)).toBe("PUT")
    expect(at(`for (const path of ["/v2/x"]) expect((await get(path)).status).toBe(200)`)).toBe("GET")
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a template literal, as the check reads it
    expect(at("const one = (id: string) => `/v2/x/${id}`\nawait request(\"PATCH\", one(a.id), {})")).toBe("PATCH")
    expect(at("const send = (h: Host, path = \"/v2/x\") => h.http.request(\"DELETE\", path)")).toBe("DELETE")
    expect(at("const send = (h: Host, path: string) => h.http.post(path, {})\nawait send(host, \"/v2/x\")")).toBe("POST")
  })

  it("has a test calling every routed operation with its method", () => {
    expect(untestedOperations(testSources(testRoot), routedOperations())).toEqual([])
  })
})
