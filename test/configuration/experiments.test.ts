/**
 * A/B tests and experiments through the real host: platform.configure required, variants whose
 * weights add up to 100, versions that refuse a stale write, the experiment machine set through
 * PATCH (one of two concurrent starts wins), variants locked once started, results counted from
 * recorded exposures and conversions with each variant tested against the control, and the
 * two-proportion z-test checked against known values.
 */
import { Configuration } from "@podium/core"
import { beforeAll, describe, expect, it } from "vitest"
import { adminWithPermissions } from "../notifications/http-support.js"
import { newAthlete } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"

const host = useRealHost(import.meta.url)
let admin: Record<string, string>
beforeAll(async () => {
  admin = await adminWithPermissions(host(), ["platform.configure"])
})
const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = admin) => host().http.request(method, path, body, headers)
const uniqueKey = (prefix: string) => `${prefix}.${crypto.randomUUID().slice(0, 8)}`
const split = [{ key: "control", weight: 50 }, { key: "treatment", weight: 50 }]

describe("A/B tests", () => {
  it("answers 401 and 403 before reading the body", async () => {
    expect((await send("GET", "/v2/admin/ab-tests", undefined, {})).status).toBe(401)
    expect((await send("PUT", "/v2/admin/ab-tests/a.b", { x: 1 }, await adminWithPermissions(host(), ["platform.operate"]))).status).toBe(403)
    expect((await send("POST", "/v2/admin/experiments", { x: 1 }, (await newAthlete(host())).headers)).status).toBe(403)
  })

  it("creates and replaces a test with version bumps, refusing bad splits and stale versions", async () => {
    const key = uniqueKey("onboarding")
    const created = await send("PUT", `/v2/admin/ab-tests/${key}`, { name: "Onboarding copy", enabled: true, variants: split })
    expect(created.status).toBe(200)
    expect(created.body.data).toMatchObject({ key, version: 1, enabled: true, variants: split })
    const replaced = await send("PUT", `/v2/admin/ab-tests/${key}`, { name: "Onboarding copy", enabled: false, variants: split, expectedVersion: 1 })
    expect(replaced.body.data.version).toBe(2)
    const stale = await send("PUT", `/v2/admin/ab-tests/${key}`, { name: "x", enabled: true, variants: split, expectedVersion: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body.code).toBe("FLAG_VERSION_CONFLICT")
    const weights = await send("PUT", `/v2/admin/ab-tests/${key}`, { name: "x", enabled: true, variants: [{ key: "a", weight: 60 }, { key: "a", weight: 30 }] })
    expect(weights.status).toBe(400)
    expect(weights.body.message).toEqual(["variants must have distinct keys", "variants' weights must add up to 100 (they add up to 90)"])
    const one = await send("PUT", `/v2/admin/ab-tests/${key}`, { name: "x", enabled: true, variants: [{ key: "a", weight: 100 }] })
    expect(one.status).toBe(400)
    expect(one.body.message).toEqual(["variants must contain 2 to 10 variants"])
    expect((await send("GET", "/v2/admin/ab-tests")).body.data.find((t: { key: string }) => t.key === key).version).toBe(2)
  })
})

describe("experiments", () => {
  it("creates, reads, lists, moves through its statuses and deletes an experiment", async () => {
    const key = uniqueKey("paywall")
    const created = await send("POST", "/v2/admin/experiments", { key, name: "Paywall", hypothesis: "Shorter copy converts better", metric: "subscription_started", variants: split })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ key, status: "DRAFT", version: 1, startedAt: null })
    expect((await send("POST", "/v2/admin/experiments", { key, name: "Again", metric: "m", variants: split })).body.code).toBe("EXPERIMENT_EXISTS")
    expect((await send("GET", `/v2/admin/experiments/${key}`)).body.data.name).toBe("Paywall")
    expect((await send("GET", "/v2/admin/experiments?status=DRAFT")).body.data.some((e: { key: string }) => e.key === key)).toBe(true)
    const started = await send("PATCH", `/v2/admin/experiments/${key}`, { status: "RUNNING" })
    expect(started.body.data).toMatchObject({ status: "RUNNING", version: 2 })
    expect(started.body.data.startedAt).not.toBeNull()
    const locked = await send("PATCH", `/v2/admin/experiments/${key}`, { variants: [{ key: "control", weight: 90 }, { key: "treatment", weight: 10 }] })
    expect(locked.status).toBe(409)
    expect(locked.body.code).toBe("EXPERIMENT_LOCKED")
    const running = await send("DELETE", `/v2/admin/experiments/${key}`)
    expect(running.status).toBe(409)
    expect(running.body.code).toBe("EXPERIMENT_RUNNING")
    const done = await send("PATCH", `/v2/admin/experiments/${key}`, { status: "COMPLETED", name: "Paywall (done)" })
    expect(done.body.data).toMatchObject({ status: "COMPLETED", name: "Paywall (done)" })
    const restart = await send("PATCH", `/v2/admin/experiments/${key}`, { status: "RUNNING" })
    expect(restart.status).toBe(409)
    expect(restart.body.code).toBe("EXPERIMENT_MOVE_REFUSED")
    expect((await send("DELETE", `/v2/admin/experiments/${key}`)).status).toBe(200)
    const gone = await send("GET", `/v2/admin/experiments/${key}`)
    expect(gone.status).toBe(404)
    expect(gone.body.code).toBe("EXPERIMENT_NOT_FOUND")
    const badStatus = await send("PATCH", `/v2/admin/experiments/${key}`, { status: "DRAFT" })
    expect(badStatus.status).toBe(400)
    expect(badStatus.body.message).toEqual(["status must be one of the following values: RUNNING, PAUSED, COMPLETED"])
  })

  it("lets one of two concurrent starts win; the other is 409", async () => {
    const key = uniqueKey("race")
    await send("POST", "/v2/admin/experiments", { key, name: "Race", metric: "m", variants: split })
    const both = await Promise.all([send("PATCH", `/v2/admin/experiments/${key}`, { status: "RUNNING" }), send("PATCH", `/v2/admin/experiments/${key}`, { status: "RUNNING" })])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    expect(both.find((r) => r.status === 409)!.body.code).toBe("EXPERIMENT_MOVE_REFUSED")
  })

  it("counts results from recorded exposures and conversions, each user once, in the variant their bucket gives", async () => {
    const key = uniqueKey("results")
    await send("POST", "/v2/admin/experiments", { key, name: "Results", metric: "signup", variants: split })
    await send("PATCH", `/v2/admin/experiments/${key}`, { status: "RUNNING" })
    const users = await Promise.all(Array.from({ length: 6 }, () => newAthlete(host())))
    for (const [i, u] of users.entries()) {
      await host().run(Configuration.recordExperimentEvent(key, u.user.id, "exposure"))
      await host().run(Configuration.recordExperimentEvent(key, u.user.id, "exposure"))
      if (i % 2 === 0) await host().run(Configuration.recordExperimentEvent(key, u.user.id, "conversion"))
    }
    const results = await send("GET", `/v2/admin/experiments/${key}/results`)
    expect(results.status).toBe(200)
    expect(results.body.data).toMatchObject({ key, status: "RUNNING", control: "control", totalExposures: 6 })
    const expected = (variant: string) => users.filter((u) => Configuration.assignVariant(key, split, u.user.id) === variant)
    for (const arm of results.body.data.variants) {
      const inArm = expected(arm.variant)
      expect(arm.exposures).toBe(inArm.length)
      expect(arm.conversions).toBe(inArm.filter((u) => users.indexOf(u) % 2 === 0).length)
    }
    expect(results.body.data.variants[0].comparison).toBeNull()
  })
})

describe("experiment significance", () => {
  it("computes the pooled two-proportion z-test from posted counts (known values)", async () => {
    const r = await send("POST", "/v2/admin/experiments/significance", { control: { exposures: 1000, conversions: 100 }, variant: { exposures: 1000, conversions: 130 } })
    expect(r.status).toBe(200)
    expect(r.body.data.zScore).toBeCloseTo(2.1027, 3)
    expect(r.body.data.pValue).toBeCloseTo(0.035488, 4)
    expect(r.body.data).toMatchObject({ controlRate: 0.1, variantRate: 0.13, absoluteLift: 0.03, relativeLift: 0.3, significant: true, confidenceLevel: 0.95 })
    const strict = await send("POST", "/v2/admin/experiments/significance", { control: { exposures: 1000, conversions: 100 }, variant: { exposures: 1000, conversions: 130 }, confidenceLevel: 0.99 })
    expect(strict.body.data.significant).toBe(false)
    const flat = await send("POST", "/v2/admin/experiments/significance", { control: { exposures: 5000, conversions: 200 }, variant: { exposures: 5000, conversions: 210 } })
    expect(flat.body.data.zScore).toBeCloseTo(0.5043, 3)
    expect(flat.body.data.pValue).toBeCloseTo(0.61404, 3)
    expect(flat.body.data.significant).toBe(false)
  })

  it("refuses impossible counts in the spec's wording", async () => {
    const r = await send("POST", "/v2/admin/experiments/significance", { control: { exposures: 10, conversions: 11 }, variant: { exposures: 0, conversions: 0 } })
    expect(r.status).toBe(400)
    expect(r.body.message).toEqual(["variant.exposures must be an integer between 1 and 1000000000"])
    const more = await send("POST", "/v2/admin/experiments/significance", { control: { exposures: 10, conversions: 11 }, variant: { exposures: 10, conversions: 1 } })
    expect(more.status).toBe(400)
    expect(more.body.message).toEqual(["control.conversions must not be greater than control.exposures"])
  })
})
