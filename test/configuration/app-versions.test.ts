/**
 * App version policies and the version check through the real host: both platforms' policies,
 * updates refused in the spec's wording (bad semantic version, minimum above latest), concurrent
 * edits that cannot together break minimum ≤ latest, the impact of a proposed minimum counted from
 * the versions signed-in athletes' apps reported, and the check's force/soft/none answer that fails
 * open.
 */
import { describe, expect, it } from "vitest"
import { adminWithPermissions } from "../notifications/http-support.js"
import { newAthlete } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"

const host = useRealHost(import.meta.url)
const Base = "/v2/admin/app-version-policies"
const send = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  host().http.request(method, path, body, headers ?? await adminWithPermissions(host(), ["platform.configure"]))

describe("app version policies", () => {
  it("answers 401 and 403 before anything else", async () => {
    expect((await send("GET", Base, undefined, {})).status).toBe(401)
    expect((await send("PATCH", `${Base}/ios`, { minimumVersion: "x" }, (await newAthlete(host())).headers)).status).toBe(403)
    expect((await send("GET", `${Base}/ios/impact?minimumVersion=1.0.0`, undefined, await adminWithPermissions(host(), ["platform.operate"]))).status).toBe(403)
  })

  it("lists both platforms and updates one, refusing a bad semantic version or a minimum above the latest", async () => {
    const list = await send("GET", Base)
    expect(list.status).toBe(200)
    expect(list.body.data.map((p: { platform: string }) => p.platform)).toEqual(["android", "ios"])
    const updated = await send("PATCH", `${Base}/android`, { minimumVersion: "2.0.0", latestVersion: "2.3.1", storeUrl: "https://play.example/podium", message: "Please update" })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ platform: "android", minimumVersion: "2.0.0", latestVersion: "2.3.1", storeUrl: "https://play.example/podium" })
    const bad = await send("PATCH", `${Base}/android`, { minimumVersion: "2.0", latestVersion: "v3" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["minimumVersion must be a semantic version (MAJOR.MINOR.PATCH)", "latestVersion must be a semantic version (MAJOR.MINOR.PATCH)"])
    const above = await send("PATCH", `${Base}/android`, { minimumVersion: "2.10.0" })
    expect(above.status).toBe(400)
    expect(above.body.message).toEqual(["minimumVersion 2.10.0 must not be above latestVersion 2.3.1"])
    const platform = await send("PATCH", `${Base}/windows`, { minimumVersion: "1.0.0" })
    expect(platform.status).toBe(400)
    expect(platform.body.message).toEqual(["platform must be one of the following values: ios, android"])
  })

  it("never lets two concurrent edits together leave the minimum above the latest", async () => {
    await send("PATCH", `${Base}/ios`, { minimumVersion: "1.0.0", latestVersion: "1.5.0" })
    const both = await Promise.all([
      send("PATCH", `${Base}/ios`, { minimumVersion: "1.4.0" }),
      send("PATCH", `${Base}/ios`, { latestVersion: "1.2.0" })
    ])
    expect(both.map((r) => r.status).sort()).toEqual([200, 400])
    const ios = (await send("GET", Base)).body.data.find((p: { platform: string }) => p.platform === "ios")
    expect(["1.4.0/1.5.0", "1.0.0/1.2.0"]).toContain(`${ios.minimumVersion}/${ios.latestVersion}`)
  })
})

describe("app version check", () => {
  it("answers force below the minimum, soft below the latest, none otherwise (semantic comparison), and fails open", async () => {
    await send("PATCH", `${Base}/android`, { minimumVersion: "2.0.0", latestVersion: "2.10.0", message: "Update available" })
    const check = (q: string) => host().http.get(`/v2/app/version-check?${q}`)
    expect((await check("platform=android&version=1.9.9")).body.data).toMatchObject({ update: "force", minimumVersion: "2.0.0", latestVersion: "2.10.0", message: "Update available" })
    expect((await check("platform=android&version=2.9.0")).body.data.update).toBe("soft")
    expect((await check("platform=android&version=2.10.0-beta.1")).body.data.update).toBe("soft")
    expect((await check("platform=android&version=2.10.0")).body.data).toMatchObject({ update: "none", message: null })
    expect((await check("platform=android&version=not-a-version")).body.data.update).toBe("none")
    const bad = await check("platform=web&version=1.0.0")
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["platform must be one of the following values: ios, android"])
  })

  it("counts the athletes a proposed minimum would force to update, from the versions their apps reported", async () => {
    const report = async (version: string) => {
      const athlete = await newAthlete(host())
      const r = await host().http.request("GET", `/v2/app/version-check?platform=android&version=${version}`, undefined, athlete.headers)
      expect(r.status).toBe(200)
    }
    const before = (await send("GET", `${Base}/android/impact?minimumVersion=3.0.0`)).body.data
    await report("1.2.0")
    await report("1.2.0")
    await report("2.5.0")
    await report("3.1.0")
    const impact = await send("GET", `${Base}/android/impact?minimumVersion=3.0.0`)
    expect(impact.status).toBe(200)
    expect(impact.body.data.usersRecorded - before.usersRecorded).toBe(4)
    expect(impact.body.data.usersForced - before.usersForced).toBe(3)
    expect(impact.body.data.byVersion.find((v: { version: string }) => v.version === "1.2.0")).toMatchObject({ forced: true, comparable: true })
    expect(impact.body.data.byVersion.find((v: { version: string }) => v.version === "3.1.0")).toMatchObject({ forced: false })
    expect(impact.body.data.aboveLatest).toBe(true)
    const bad = await send("GET", `${Base}/android/impact?minimumVersion=three`)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["minimumVersion must be a semantic version (MAJOR.MINOR.PATCH)"])
  })
})
