/**
 * The README stands alone: its "First requests" walkthrough runs as written against the real host
 * (only the address changes), and the operation count it states is what /docs serves.
 */
import { execFile } from "node:child_process"
import { readFileSync } from "node:fs"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8")

const section = (title: string): string => {
  const start = readme.indexOf(`\n## ${title}\n`)
  if (start < 0) throw new Error(`README has no "## ${title}" section`)
  const end = readme.indexOf("\n## ", start + 1)
  return readme.slice(start, end < 0 ? undefined : end)
}

let host: RealHost
beforeAll(async () => {
  host = await startRealHost(import.meta.url)
})
afterAll(() => host?.close())

describe("the README", () => {
  it("walks a newcomer from nothing to a signed-in request with the curl lines of First requests", async () => {
    const script = /```sh\n([\s\S]*?)```/.exec(section("First requests"))?.[1]
    expect(script).toBeDefined()
    const lines = script!.trim().split("\n")
    expect(lines.every((line) => line.startsWith("curl ") || /^[A-Z]+=\$\(curl /.test(line))).toBe(true)
    const { stdout } = await promisify(execFile)("bash", ["-euo", "pipefail", "-c", script!.replaceAll("http://localhost:3000", host.http.baseUrl)])
    // curl prints each JSON answer without a line break after it.
    const answers = stdout.trim().replace(/\}\s*\{"/g, "}\n{\"").split("\n").map((line) => JSON.parse(line))
    // health, send-otp, then the signed-in request
    expect(answers).toHaveLength(3)
    expect(answers[0]).toMatchObject({ status: "ok" })
    expect(answers[1]).toMatchObject({ status: 201 })
    expect(answers[2]).toMatchObject({ status: 200, data: { isValid: true } })
  })

  it("states the operation count /docs serves, and points at no path outside the repository", async () => {
    const stated = Number(/serves \*\*(\d+) operations\*\*/.exec(readme)?.[1])
    const doc = (await host.http.get("/docs/openapi.json")).body as { paths: Record<string, Record<string, unknown>> }
    const served = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0)
    expect(stated).toBe(served)
    expect(readme).not.toMatch(/\]\(\.\.\/|`\.\.\/|\.\.\/shared/)
  })
})
