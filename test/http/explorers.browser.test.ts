/**
 * The interactive explorers render the operation list in a real headless Chromium with no network
 * beyond the host itself (Debian's chromium; CI installs it, elsewhere the test says it is skipped).
 */
import { existsSync } from "node:fs"
import { chromium, type Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startHttp, type RunningHttp } from "../support/http.js"
import { infraWith } from "../support/infra.js"

const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const available = existsSync(executablePath)
if (!available && process.env.CI === "true") throw new Error(`Chromium not found at ${executablePath}; .ci/run installs it`)
if (!available) console.warn(`[explorers] Chromium not found at ${executablePath}: browser tests skipped`)

let http: RunningHttp
let browser: Browser
beforeAll(async () => {
  if (!available) return
  http = await startHttp(await infraWith([]))
  browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
  })
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await http?.close()
})

const openOffline = async (path: string) => {
  const page = await browser.newPage()
  const foreign: Array<string> = []
  page.on("request", (request) => {
    const url = request.url()
    if (!url.startsWith(http.baseUrl) && !url.startsWith("data:") && !url.startsWith("blob:")) foreign.push(url)
  })
  await page.goto(http.baseUrl + path, { waitUntil: "load" })
  return { page, foreign }
}

describe.runIf(available)("explorers in Chromium", () => {
  it("Swagger UI lists the operations without fetching anything from outside", async () => {
    const { page, foreign } = await openOffline("/swagger")
    await page.waitForSelector(".opblock", { timeout: 20_000 })
    const paths = await page.$$eval(".opblock-summary-path", (els) => els.map((e) => e.textContent?.replace(/\u200b/g, "").trim()))
    expect(paths).toEqual(expect.arrayContaining(["/health", "/health/live", "/health/ready", "/memory/usage"]))
    expect(foreign).toEqual([])
    await page.close()
  }, 60_000)

  it("the API reference explorer lists the operations without fetching anything from outside", async () => {
    const { page, foreign } = await openOffline("/api-reference")
    await page.getByText("/health/ready").first().waitFor({ timeout: 20_000 })
    const text = await page.locator("body").textContent() ?? ""
    expect(text).toContain("/memory/usage")
    expect(foreign).toEqual([])
    await page.close()
  }, 60_000)
})
