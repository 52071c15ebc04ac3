/**
 * Organizer shipping pickup address through the real host: read (OWNER/ADMIN/VIEWER, null before
 * registration), register and replace (OWNER/ADMIN, 201) with the local provider, Indian address
 * validation (PIN code, mobile), tenancy (other tenants, athletes, admins, anonymous), provider
 * refusal (400) and outage (503) saving nothing, 503 SHIPPING_PROVIDER_NOT_CONFIGURED without a
 * provider, and the Shiprocket adapter against a local node:http stand-in (login, token reuse and
 * renewal, add-pickup, refusal).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { RecordedShipping } from "@podium/host-common"
import { Context, Effect } from "effect"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { newAdmin, newAthlete, seedOrganizer } from "./support.js"

const path = (organizerId: string) => `/v2/organizers/${organizerId}/shipping/pickup-address`

const address = {
  contactName: "Asha Rao",
  phone: "+91 98765 43210",
  email: "dispatch@trailclub.test",
  addressLine1: "Plot 12, MG Road, Camp",
  addressLine2: "Near the clock tower",
  city: "Pune",
  state: "Maharashtra",
  pincode: "411001"
}

let host: RealHost
beforeAll(async () => {
  host = await startRealHost(import.meta.url)
}, 60_000)
afterAll(async () => {
  await host?.close()
})

const pickupLocationOf = (organizerId: string) =>
  host.run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ pickupLocation: string | null }>`select pickup_location from organizers.organizers where id = ${organizerId}`))
    .then((rows) => rows[0]?.pickupLocation ?? null)

describe("organizer pickup address (local provider)", () => {
  it("answers null before registration, registers with the provider (201) and every team role reads it", async () => {
    const org = await seedOrganizer(host, "Pickup Org")
    const before = await host.http.get(path(org.id), { headers: org.viewer.headers })
    expect(before.status).toBe(200)
    expect(before.body.data).toBeNull()

    const created = await host.http.request("POST", path(org.id), address, org.owner.headers)
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      organizerId: org.id,
      contactName: "Asha Rao",
      phone: "9876543210",
      pincode: "411001",
      country: "India",
      provider: "local",
      providerReference: expect.stringMatching(/^LOCAL-PICKUP-\d+$/),
      locationName: expect.stringMatching(/^PODIUM-[0-9A-F]{12}-1$/)
    })
    const recorded = Context.get(host.context, RecordedShipping).registered()
    expect(recorded.some((r) => r.locationName === created.body.data.locationName && r.pincode === "411001")).toBe(true)
    expect(await pickupLocationOf(org.id)).toBe(created.body.data.locationName)

    for (const headers of [org.owner.headers, org.admin.headers, org.viewer.headers]) {
      const read = await host.http.get(path(org.id), { headers })
      expect(read.status).toBe(200)
      expect(read.body.data).toMatchObject({ locationName: created.body.data.locationName, addressLine2: "Near the clock tower" })
    }
    const audit = await host.run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql`select 1 from platform.audit_log where action = 'organizer.pickup_address.registered' and subject_id = ${org.id}`))
    expect(audit).toHaveLength(1)
  })

  it("an ADMIN replaces it under a new location name, or a chosen one", async () => {
    const org = await seedOrganizer(host, "Replace Org")
    const first = await host.http.request("POST", path(org.id), address, org.owner.headers)
    const second = await host.http.request("POST", path(org.id), { ...address, addressLine1: "Warehouse 4, Hinjewadi Phase 2", pincode: "411057" }, org.admin.headers)
    expect(second.status).toBe(201)
    expect(second.body.data.locationName).toMatch(/-2$/)
    expect(second.body.data.locationName).not.toBe(first.body.data.locationName)
    const named = await host.http.request("POST", path(org.id), { ...address, locationName: `Trail Club ${org.id.slice(0, 6)}` }, org.owner.headers)
    expect(named.status).toBe(201)
    expect(named.body.data.locationName).toBe(`Trail Club ${org.id.slice(0, 6)}`)
    expect((await host.http.get(path(org.id), { headers: org.viewer.headers })).body.data.locationName).toBe(named.body.data.locationName)
    expect(await pickupLocationOf(org.id)).toBe(named.body.data.locationName)
  })

  it("validates Indian address fields and lists every failing field", async () => {
    const org = await seedOrganizer(host, "Validation Org")
    const bad = await host.http.request("POST", path(org.id), {
      ...address,
      phone: "12345",
      pincode: "011001",
      addressLine1: "short",
      city: "",
      locationName: "bad/name!"
    }, org.owner.headers)
    expect(bad.status).toBe(400)
    const messages: Array<string> = bad.body.message
    expect(messages).toEqual(expect.arrayContaining([
      "phone must be a 10-digit Indian mobile number",
      "pincode must be a 6-digit Indian PIN code",
      "addressLine1 must be longer than or equal to 10 and shorter than or equal to 200 characters",
      "city must be longer than or equal to 2 and shorter than or equal to 60 characters",
      "locationName must be 1 to 36 letters, digits, spaces, '-' or '_'"
    ]))
    for (const pincode of ["41100", "4110011", "41100a"]) {
      const answer = await host.http.request("POST", path(org.id), { ...address, pincode }, org.owner.headers)
      expect(answer.status).toBe(400)
    }
    for (const phone of ["5876543210", "+1 415 555 0100", "98765"]) {
      expect((await host.http.request("POST", path(org.id), { ...address, phone }, org.owner.headers)).status).toBe(400)
    }
    const missing = await host.http.request("POST", path(org.id), {}, org.owner.headers)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(expect.arrayContaining(["pincode must be a 6-digit Indian PIN code", "phone must be a 10-digit Indian mobile number"]))
    expect((await host.http.get(path(org.id), { headers: org.owner.headers })).body.data).toBeNull()
  })

  it("enforces tenancy: VIEWER cannot write; other tenants, athletes and admins get 403; anonymous 401", async () => {
    const org = await seedOrganizer(host, "Tenant Org")
    const other = await seedOrganizer(host, "Other Org")
    const athlete = await newAthlete(host)
    const admin = await newAdmin(host)
    expect((await host.http.request("POST", path(org.id), address, org.viewer.headers)).status).toBe(403)
    expect((await host.http.request("POST", path(org.id), address, other.owner.headers)).status).toBe(403)
    expect((await host.http.get(path(org.id), { headers: other.owner.headers })).status).toBe(403)
    expect((await host.http.request("POST", path(org.id), address, athlete.headers)).status).toBe(403)
    expect((await host.http.get(path(org.id), { headers: athlete.headers })).status).toBe(403)
    expect((await host.http.request("POST", path(org.id), address, admin.headers)).status).toBe(403)
    expect((await host.http.request("POST", path(org.id), address)).status).toBe(401)
    expect((await host.http.get(path(org.id))).status).toBe(401)
    expect((await host.http.get(path(org.id), { headers: org.owner.headers })).body.data).toBeNull()
  })

  it("a provider refusal answers 400 and an outage 503, saving nothing", async () => {
    const org = await seedOrganizer(host, "Failing Org")
    const recorder = Context.get(host.context, RecordedShipping)
    recorder.failNext("rejected", "pin_code: Pincode is not serviceable")
    const refused = await host.http.request("POST", path(org.id), address, org.owner.headers)
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe("SHIPPING_PROVIDER_REJECTED")
    expect(refused.body.message).toContain("Pincode is not serviceable")
    recorder.failNext("unavailable", "connection reset")
    const down = await host.http.request("POST", path(org.id), address, org.owner.headers)
    expect(down.status).toBe(503)
    expect(down.body.code).toBe("SHIPPING_PROVIDER_UNAVAILABLE")
    expect((await host.http.get(path(org.id), { headers: org.owner.headers })).body.data).toBeNull()
    expect(await pickupLocationOf(org.id)).toBeNull()
  })
})

describe("organizer pickup address without a shipping provider", () => {
  it("answers 503 SHIPPING_PROVIDER_NOT_CONFIGURED and keeps reads working", async () => {
    const plain = await startRealHost(`${import.meta.url}#none`, { SHIPPING_PROVIDER: "none" })
    try {
      const org = await seedOrganizer(plain, "No Shipping Org")
      const answer = await plain.http.request("POST", path(org.id), address, org.owner.headers)
      expect(answer.status).toBe(503)
      expect(answer.body.code).toBe("SHIPPING_PROVIDER_NOT_CONFIGURED")
      expect(answer.body.message).toContain("SHIPPING_PROVIDER")
      const read = await plain.http.get(path(org.id), { headers: org.viewer.headers })
      expect(read.status).toBe(200)
      expect(read.body.data).toBeNull()
    } finally {
      await plain.close()
    }
  })
})

describe("organizer pickup address through Shiprocket (local stand-in)", () => {
  let server: Server
  let shiprocket: RealHost
  const calls: Array<{ path: string; auth: string | undefined; body: Record<string, unknown> }> = []
  let logins = 0
  let expireNext = false
  const nicknames = new Set<string>()

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = ""
      req.on("data", (c) => (text += c))
      req.on("end", () => {
        const body = JSON.parse(text || "{}") as Record<string, unknown>
        calls.push({ path: req.url ?? "", auth: req.headers.authorization, body })
        const send = (status: number, value: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value))
        if (req.url === "/v1/external/auth/login") {
          if (body.email !== "api@podium.test" || body.password !== "sr-secret") return send(400, { message: "Invalid email and password combination" })
          logins++
          return send(200, { token: `token-${logins}` })
        }
        if (req.url === "/v1/external/settings/company/addpickup") {
          if (expireNext || req.headers.authorization !== `Bearer token-${logins}`) {
            expireNext = false
            return send(401, { message: "Token has expired" })
          }
          if (nicknames.has(String(body.pickup_location))) return send(422, { message: "Oops! Invalid Data.", errors: { pickup_location: ["Address nick name already in use"] } })
          nicknames.add(String(body.pickup_location))
          return send(200, { success: true, address: { id: 9000 + nicknames.size, pickup_code: body.pickup_location }, pickup_id: 9000 + nicknames.size })
        }
        send(404, { message: "Not Found" })
      })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    shiprocket = await startRealHost(`${import.meta.url}#shiprocket`, {
      SHIPPING_PROVIDER: "shiprocket",
      SHIPPING_PROVIDER_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      SHIPPING_PROVIDER_EMAIL: "api@podium.test",
      SHIPPING_PROVIDER_PASSWORD: "sr-secret"
    })
  }, 60_000)
  afterAll(async () => {
    await shiprocket?.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it("logs in once, registers the pickup location with Shiprocket's fields and stores its pickup id", async () => {
    const org = await seedOrganizer(shiprocket, "Shiprocket Org")
    const created = await shiprocket.http.request("POST", path(org.id), address, org.owner.headers)
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ provider: "shiprocket", providerReference: expect.stringMatching(/^90\d\d$/) })
    const add = calls.filter((c) => c.path === "/v1/external/settings/company/addpickup").at(-1)!
    expect(add.auth).toBe("Bearer token-1")
    expect(add.body).toEqual({
      pickup_location: created.body.data.locationName,
      name: "Asha Rao",
      email: "dispatch@trailclub.test",
      phone: "9876543210",
      address: "Plot 12, MG Road, Camp",
      address_2: "Near the clock tower",
      city: "Pune",
      state: "Maharashtra",
      country: "India",
      pin_code: "411001"
    })
    const again = await shiprocket.http.request("POST", path(org.id), { ...address, pincode: "411002" }, org.admin.headers)
    expect(again.status).toBe(201)
    expect(logins).toBe(1) // the token is reused
  })

  it("renews an expired token once, and answers Shiprocket's refusal as 400 with its reason", async () => {
    const org = await seedOrganizer(shiprocket, "Token Org")
    expireNext = true
    const renewed = await shiprocket.http.request("POST", path(org.id), address, org.owner.headers)
    expect(renewed.status).toBe(201)
    expect(logins).toBe(2)
    const taken = await shiprocket.http.request("POST", path(org.id), { ...address, locationName: renewed.body.data.locationName }, org.owner.headers)
    expect(taken.status).toBe(400)
    expect(taken.body.code).toBe("SHIPPING_PROVIDER_REJECTED")
    expect(taken.body.message).toContain("Address nick name already in use")
  })
})
