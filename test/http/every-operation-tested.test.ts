/**
 * Keeps ARCHITECTURE.md section 8 true: every routed operation (from the generated OpenAPI document
 * plus the discovery paths) is called by at least one test under test/. A path with parameters
 * matches any concrete value in their place.
 */
import { DocsRoutes, openApiDocument } from "@podium/http"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"

const testRoot = resolve(import.meta.dirname, "..")

const testSources = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (name === "node_modules") return []
    if (statSync(full).isDirectory()) return testSources(full)
    return name.endsWith(".test.ts") ? [readFileSync(full, "utf8")] : []
  })

const escapeRegExp = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&")
const pattern = (path: string) =>
  new RegExp(`["'\`]${path.split(/\{[^}]+\}/).map(escapeRegExp).join("[^/\"'`?]+")}(\\?[^"'\`]*)?["'\`]`)

describe("operation test coverage", () => {
  it("has a test calling every routed operation", () => {
    const sources = testSources(testRoot).join("\n")
    const routed = [
      ...Object.keys(openApiDocument().paths),
      ...DocsRoutes.map(([, path]) => path)
    ]
    const untested = routed.filter((path) => !pattern(path).test(sources))
    expect(untested).toEqual([])
  })
})
