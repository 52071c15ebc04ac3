/**
 * The interactive explorers in a real headless Chromium with no network beyond the host itself
 * (Debian's chromium; CI installs it, elsewhere the test says it is skipped): the tag list renders
 * with everything collapsed, a tag and an operation open, a request is tried against the host, and
 * nothing is fetched from outside.
 *
 * These run as their own CI step after the parallel suite (vitest.browser.config.ts). The waits are
 * deadlines for conditions, sized for the full API on a busy 2-core machine.
 */
import { existsSync } from "node:fs"
import { type Browser, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningHttp, startHttp } from "../support/http.js"
import { infraWith } from "../support/infra.js"

const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const available = existsSync(executablePath)
if (!available && process.env.CI === "true") throw new Error(`Chromium not found at ${executablePath}; .ci/run installs it`)
if (!available) console.warn(`[explorers] Chromium not found at ${executablePath}: browser tests skipped`)

/** First paint of a whole-API explorer. */
const firstPaint = 120_000
/** A step inside a painted page (open a tag, answer a tried request). */
const step = 30_000

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

const openOffline = async (path: string): Promise<{ page: Page; foreign: Array<string> }> => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  const foreign: Array<string> = []
  page.on("request", (request) => {
    const url = request.url()
    if (!url.startsWith(http.baseUrl) && !url.startsWith("data:") && !url.startsWith("blob:")) foreign.push(url)
  })
  await page.goto(http.baseUrl + path, { waitUntil: "load", timeout: firstPaint })
  return { page, foreign }
}

describe.runIf(available)("explorers in Chromium", () => {
  it("Swagger UI shows the tags collapsed, filters them, opens an operation and tries it, all offline", async () => {
    const { page, foreign } = await openOffline("/swagger")
    const tags = page.locator(".opblock-tag")
    await tags.first().waitFor({ timeout: firstPaint })
    const names = await tags.evaluateAll((els) => els.map((e) => e.getAttribute("data-tag")))
    expect(names).toEqual(expect.arrayContaining(["Health", "Memory"]))
    // Collapsed by default: no operation is drawn until its tag opens.
    expect(await page.locator(".opblock").count()).toBe(0)

    await page.fill(".operation-filter-input", "Health")
    await expect.poll(() => tags.evaluateAll((els) => els.map((e) => e.getAttribute("data-tag"))), { timeout: step }).toEqual(["Health"])

    await page.click('.opblock-tag[data-tag="Health"]')
    const ready = page.locator(".opblock", { has: page.locator('.opblock-summary-path[data-path="/health/ready"]') })
    await ready.locator(".opblock-summary").click({ timeout: step })
    await ready.locator(".try-out__btn").click({ timeout: step })
    await ready.locator(".execute").click({ timeout: step })
    await expect.poll(() => ready.locator(".live-responses-table .response .response-col_status").first().textContent().catch(() => null), { timeout: step })
      .toContain("200")

    expect(foreign).toEqual([])
    await page.close()
  }, 240_000)

  it("the API reference explorer shows the tags collapsed, opens an operation and sends it, all offline", async () => {
    const { page, foreign } = await openOffline("/api-reference")
    const sidebar = page.getByRole("navigation").filter({ has: page.getByRole("button", { name: /Memory/ }) })
    const memory = sidebar.getByRole("button", { name: /^Open Group Memory$/ })
    await memory.waitFor({ timeout: firstPaint })

    await memory.click()
    await sidebar.getByRole("button", { name: /^Close Group Memory$/ }).waitFor({ timeout: step })
    await sidebar.getByRole("button", { name: /^Readiness: 503/ }).click({ timeout: step })
    const operation = page.locator('section[id$="/get/health/ready"]')
    await operation.getByRole("button", { name: /Test Request/ }).click({ timeout: step })
    const client = page.getByRole("dialog")
    await client.getByRole("button", { name: /^Send/ }).first().click({ timeout: step })
    await client.getByText("200 OK").first().waitFor({ timeout: step })

    expect(foreign).toEqual([])
    await page.close()
  }, 240_000)
})
