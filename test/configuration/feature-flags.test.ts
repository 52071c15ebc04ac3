/**
 * Feature flags, platform flags and the flag inventory through the real host: platform.configure
 * required (401/403 before the body is read), PUT creates then versions a flag, concurrent PUTs
 * each land once, a stale expectedVersion is 409 FLAG_VERSION_CONFLICT, a guarded flag changes only
 * through its guarded route, audiences are previewed over real athletes with the flag's own
 * deterministic bucketing, platform flags roll out by the same bucketing, every change is audited.
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

describe("feature flags", () => {
  it("answers 401 without a token and 403 to an athlete or an admin without platform.configure, before reading the body", async () => {
    expect((await send("GET", "/v2/admin/feature-flags", undefined, {})).status).toBe(401)
    expect((await send("PUT", "/v2/admin/feature-flags/x.y", { bad: 1 }, (await newAthlete(host())).headers)).status).toBe(403)
    const plain = await adminWithPermissions(host(), ["platform.operate"])
    expect((await send("PUT", "/v2/admin/feature-flags/x.y/audience", { bad: 1 }, plain)).status).toBe(403)
    expect((await send("POST", "/v2/admin/platform-feature-flags", { bad: 1 }, plain)).status).toBe(403)
    expect((await send("GET", "/v2/admin/app-version-policies", undefined, plain)).status).toBe(403)
  })

  it("creates a flag with PUT, then changes it with version bumps, and lists it", async () => {
    const key = uniqueKey("checkout")
    const created = await send("PUT", `/v2/admin/feature-flags/${key}`, { enabled: true, description: "New checkout" })
    expect(created.status).toBe(200)
    expect(created.body.data).toMatchObject({ key, enabled: true, guarded: false, version: 1, description: "New checkout", audience: { percentage: 100, includeUserIds: [], excludeUserIds: [] } })
    const changed = await send("PUT", `/v2/admin/feature-flags/${key}`, { enabled: false, expectedVersion: 1 })
    expect(changed.body.data).toMatchObject({ enabled: false, version: 2, description: "New checkout" })
    const stale = await send("PUT", `/v2/admin/feature-flags/${key}`, { enabled: true, expectedVersion: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body.code).toBe("FLAG_VERSION_CONFLICT")
    const list = await send("GET", "/v2/admin/feature-flags")
    expect(list.body.data.find((f: { key: string }) => f.key === key)).toMatchObject({ enabled: false, version: 2 })
    const audit = await send("GET", `/v2/admin/audit-log?limit=100`, undefined, await adminWithPermissions(host(), ["platform.operate"]))
    expect(JSON.stringify(audit.body)).toContain("configuration.feature_flag.put")
  })

  it("refuses bad keys and bodies in the spec's wording", async () => {
    const badKey = await send("PUT", "/v2/admin/feature-flags/Bad Key!", { enabled: true })
    expect(badKey.status).toBe(400)
    expect(badKey.body.message).toEqual(["key must be 2 to 80 characters of lower-case letters, digits, dot, dash or underscore, starting with a letter"])
    const noEnabled = await send("PUT", "/v2/admin/feature-flags/ok.key", {})
    expect(noEnabled.status).toBe(400)
    expect(noEnabled.body.message).toEqual(["enabled must be a boolean value"])
    const audience = await send("PUT", "/v2/admin/feature-flags/ok.key/audience", { percentage: 101, includeUserIds: ["nope"], excludeUserIds: [] })
    expect(audience.status).toBe(400)
    expect(audience.body.message).toEqual(expect.arrayContaining(["percentage must be an integer between 0 and 100"]))
    const missing = await send("PUT", `/v2/admin/feature-flags/${uniqueKey("missing")}/audience`, { percentage: 10, includeUserIds: [], excludeUserIds: [] })
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe("FEATURE_FLAG_NOT_FOUND")
  })

  it("lands two concurrent PUTs of one flag once each (no lost update), and lets one of two same-version writes win", async () => {
    const key = uniqueKey("race")
    await send("PUT", `/v2/admin/feature-flags/${key}`, { enabled: false })
    const both = await Promise.all([
      send("PUT", `/v2/admin/feature-flags/${key}`, { enabled: true }),
      send("PUT", `/v2/admin/feature-flags/${key}`, { enabled: true, description: "second" })
    ])
    expect(both.map((r) => r.status)).toEqual([200, 200])
    expect(both.map((r) => r.body.data.version).sort()).toEqual([2, 3])
    const racing = await Promise.all([
      send("PUT", `/v2/admin/feature-flags/${key}`, { enabled: false, expectedVersion: 3 }),
      send("PUT", `/v2/admin/feature-flags/${key}/audience`, { percentage: 5, includeUserIds: [], excludeUserIds: [], expectedVersion: 3 })
    ])
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409])
    expect(racing.find((r) => r.status === 409)!.body.code).toBe("FLAG_VERSION_CONFLICT")
    const list = await send("GET", "/v2/admin/feature-flags")
    expect(list.body.data.find((f: { key: string }) => f.key === key).version).toBe(4)
  })

  it("previews an audience over real athletes with the flag's deterministic bucketing", async () => {
    const key = uniqueKey("preview")
    const a = (await newAthlete(host())).user
    const b = (await newAthlete(host())).user
    const c = (await newAthlete(host())).user
    expect((await send("PUT", `/v2/admin/feature-flags/${key}`, { enabled: true })).status).toBe(200)
    const set = await send("PUT", `/v2/admin/feature-flags/${key}/audience`, { percentage: 0, includeUserIds: [a.id, b.id], excludeUserIds: [] })
    expect(set.status).toBe(200)
    expect(set.body.data.audience).toEqual({ percentage: 0, includeUserIds: [a.id, b.id], excludeUserIds: [] })
    const stored = await send("POST", `/v2/admin/feature-flags/${key}/audience/preview`, {})
    expect(stored.status).toBe(200)
    expect(stored.body.data.eligibleUsers).toBe(2)
    expect(stored.body.data.totalUsers).toBeGreaterThanOrEqual(3)
    expect(stored.body.data.sample.map((s: { id: string }) => s.id).sort()).toEqual([a.id, b.id].sort())
    const everyoneBut = await send("POST", `/v2/admin/feature-flags/${key}/audience/preview`, { percentage: 100, includeUserIds: [], excludeUserIds: [c.id] })
    expect(everyoneBut.body.data.eligibleUsers).toBe(everyoneBut.body.data.totalUsers - 1)
    const half = await send("POST", `/v2/admin/feature-flags/${key}/audience/preview`, { percentage: 50, includeUserIds: [], excludeUserIds: [] })
    const expected = half.body.data.sample.every((s: { id: string }) => Configuration.bucketOf(key, s.id) < 50)
    expect(expected).toBe(true)
    const both = await send("POST", `/v2/admin/feature-flags/${key}/audience/preview`, { includeUserIds: [a.id], excludeUserIds: [a.id] })
    expect(both.status).toBe(400)
    expect(both.body.message).toEqual([`a user cannot be both included and excluded (${a.id})`])
  })

  it("changes a guarded flag only through the guarded route, with the key repeated, a reason and the version read", async () => {
    const key = uniqueKey("payments")
    const created = await send("PUT", `/v2/admin/feature-flags/${key}`, { enabled: false, guarded: true })
    expect(created.body.data.guarded).toBe(true)
    const plain = await send("PUT", `/v2/admin/feature-flags/${key}`, { enabled: true })
    expect(plain.status).toBe(409)
    expect(plain.body.code).toBe("FLAG_GUARDED")
    const wrongKey = await send("POST", `/v2/admin/feature-flags/${key}/guarded`, { enabled: true, confirmKey: "other", reason: "Turning it on for launch", expectedVersion: 1 })
    expect(wrongKey.status).toBe(400)
    expect(wrongKey.body.message).toEqual(["confirmKey must repeat the flag's key exactly"])
    const short = await send("POST", `/v2/admin/feature-flags/${key}/guarded`, { enabled: true, confirmKey: key, reason: "no", expectedVersion: 1 })
    expect(short.status).toBe(400)
    expect(short.body.message).toEqual(["reason must be longer than or equal to 10 and shorter than or equal to 500 characters"])
    const guarded = await send("POST", `/v2/admin/feature-flags/${key}/guarded`, { enabled: true, confirmKey: key, reason: "Turning it on for launch", expectedVersion: 1 })
    expect(guarded.status).toBe(200)
    expect(guarded.body.data).toMatchObject({ enabled: true, guarded: true, version: 2 })
    const stale = await send("POST", `/v2/admin/feature-flags/${key}/guarded`, { enabled: false, confirmKey: key, reason: "Turning it off again", expectedVersion: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body.code).toBe("FLAG_VERSION_CONFLICT")
  })
})

describe("platform feature flags", () => {
  it("creates, rolls out by user bucket, deletes, and refuses a duplicate", async () => {
    const key = uniqueKey("platform")
    const created = await send("POST", "/v2/admin/platform-feature-flags", { key, description: "Maintenance banner", enabled: true })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ key, enabled: true, rolloutPercentage: 0, guarded: false, version: 1 })
    const again = await send("POST", "/v2/admin/platform-feature-flags", { key })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("PLATFORM_FLAG_EXISTS")
    const user = (await newAthlete(host())).user
    const before = await send("GET", `/v2/admin/platform-feature-flags?userId=${user.id}`)
    expect(before.body.data.find((f: { key: string }) => f.key === key).activeForUser).toBe(false)
    const rolled = await send("PATCH", `/v2/admin/platform-feature-flags/${key}/rollout`, { rolloutPercentage: 37, expectedVersion: 1 })
    expect(rolled.status).toBe(200)
    expect(rolled.body.data).toMatchObject({ rolloutPercentage: 37, version: 2 })
    const after = await send("GET", `/v2/admin/platform-feature-flags?userId=${user.id}`)
    expect(after.body.data.find((f: { key: string }) => f.key === key).activeForUser).toBe(Configuration.bucketOf(key, user.id) < 37)
    const bad = await send("PATCH", `/v2/admin/platform-feature-flags/${key}/rollout`, { rolloutPercentage: 150 })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["rolloutPercentage must be an integer between 0 and 100"])
    const deleted = await send("DELETE", `/v2/admin/platform-feature-flags/${key}`)
    expect(deleted.status).toBe(200)
    const gone = await send("DELETE", `/v2/admin/platform-feature-flags/${key}`)
    expect(gone.status).toBe(404)
    expect(gone.body.code).toBe("PLATFORM_FLAG_NOT_FOUND")
  })

  it("buckets deterministically: the same user and key always land in the same bucket, and raising the rollout only adds users", () => {
    expect(Configuration.bucketOf("signups.open", "00000000-0000-4000-8000-000000000001")).toBe(Configuration.bucketOf("signups.open", "00000000-0000-4000-8000-000000000001"))
    const ids = Array.from({ length: 2000 }, (_, i) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}`)
    const at = (p: number) => new Set(ids.filter((id) => Configuration.inRollout("k.x", id, p)))
    const ten = at(10)
    const thirty = at(30)
    expect([...ten].every((id) => thirty.has(id))).toBe(true)
    expect(thirty.size / ids.length).toBeGreaterThan(0.25)
    expect(thirty.size / ids.length).toBeLessThan(0.35)
  })

  it("guards a guarded platform flag: rollout and delete 409, the guarded route changes and removes it", async () => {
    const key = uniqueKey("kill")
    await send("POST", "/v2/admin/platform-feature-flags", { key, guarded: true, enabled: true, rolloutPercentage: 100 })
    const rollout = await send("PATCH", `/v2/admin/platform-feature-flags/${key}/rollout`, { rolloutPercentage: 10 })
    expect(rollout.status).toBe(409)
    expect(rollout.body.code).toBe("FLAG_GUARDED")
    expect((await send("DELETE", `/v2/admin/platform-feature-flags/${key}`)).body.code).toBe("FLAG_GUARDED")
    const changed = await send("POST", "/v2/admin/platform-feature-flags/guarded", { key, confirmKey: key, reason: "Incident 42: throttle", expectedVersion: 1, rolloutPercentage: 10 })
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({ rolloutPercentage: 10, version: 2 })
    const mixed = await send("POST", "/v2/admin/platform-feature-flags/guarded", { key, confirmKey: key, reason: "Incident 42: removing", expectedVersion: 2, remove: true, enabled: false })
    expect(mixed.status).toBe(400)
    expect(mixed.body.message).toEqual(["remove cannot be combined with other changes"])
    const removed = await send("POST", "/v2/admin/platform-feature-flags/guarded", { key, confirmKey: key, reason: "Incident 42: removing", expectedVersion: 2, remove: true })
    expect(removed.status).toBe(200)
    expect((await send("GET", "/v2/admin/platform-feature-flags")).body.data.some((f: { key: string }) => f.key === key)).toBe(false)
  })

  it("lets one of two concurrent rollouts naming the same version win; the other is 409", async () => {
    const key = uniqueKey("rollrace")
    await send("POST", "/v2/admin/platform-feature-flags", { key })
    const both = await Promise.all([20, 40].map((p) => send("PATCH", `/v2/admin/platform-feature-flags/${key}/rollout`, { rolloutPercentage: p, expectedVersion: 1 })))
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
  })
})

describe("flag catalog and inventory", () => {
  it("lists the canonical catalog and reads one entry (404 FLAG_NOT_FOUND otherwise)", async () => {
    const list = await send("GET", "/v2/admin/feature-flags/canonical")
    expect(list.status).toBe(200)
    expect(list.body.data.map((f: { key: string }) => f.key)).toContain("account_merge.execute")
    const one = await send("GET", "/v2/admin/feature-flags/canonical/account_merge.execute")
    expect(one.body.data).toMatchObject({ kind: "platform", owner: "compliance", guarded: true })
    const missing = await send("GET", "/v2/admin/feature-flags/canonical/not.a.flag")
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe("FLAG_NOT_FOUND")
  })

  it("shows where each flag is: configured, on its default, or an orphan no code knows", async () => {
    const orphan = uniqueKey("orphan")
    await send("PUT", `/v2/admin/feature-flags/${orphan}`, { enabled: true })
    await send("PUT", "/v2/admin/feature-flags/coach.ai", { enabled: true })
    const inventory = await send("GET", "/v2/admin/feature-flags/inventory")
    expect(inventory.status).toBe(200)
    const byKey = (k: string) => inventory.body.data.items.find((i: { key: string }) => i.key === k)
    expect(byKey(orphan)).toMatchObject({ state: "ORPHAN", canonical: false, effectiveEnabled: true })
    expect(byKey("coach.ai")).toMatchObject({ state: "CONFIGURED", canonical: true, owner: "training", featureFlag: { enabled: true } })
    expect(byKey("results.hybrid_race")).toMatchObject({ state: "DEFAULT", effectiveEnabled: true, featureFlag: null })
    const entry = await send("GET", `/v2/admin/feature-flags/inventory/${orphan}`)
    expect(entry.body.data.state).toBe("ORPHAN")
    expect((await send("GET", "/v2/admin/feature-flags/inventory/nothing.here")).status).toBe(404)
  })

  it("checks a proposed mutation and says why it would be refused", async () => {
    const key = uniqueKey("check")
    await send("PUT", `/v2/admin/feature-flags/${key}`, { enabled: true, guarded: true })
    const check = await send("POST", "/v2/admin/feature-flags/mutation-check", { key, kind: "feature", operation: "update", enabled: false, expectedVersion: 7 })
    expect(check.status).toBe(200)
    expect(check.body.data).toMatchObject({ allowed: false, requiresGuarded: true, currentVersion: 1 })
    expect(check.body.data.reasons).toEqual([
      "the flag is guarded: use the guarded route with the key repeated, a reason and the expected version",
      "the flag changed meanwhile: expected version 7, current version 1"
    ])
    const fresh = await send("POST", "/v2/admin/feature-flags/mutation-check", { key: uniqueKey("fresh"), kind: "platform", operation: "create" })
    expect(fresh.body.data).toMatchObject({ allowed: true, currentVersion: null })
    expect(fresh.body.data.warnings).toEqual(["the key is not in the canonical catalog: no code reads it yet"])
    const bad = await send("POST", "/v2/admin/feature-flags/mutation-check", { key, kind: "other", operation: "update" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["kind must be one of the following values: feature, platform"])
  })
})
