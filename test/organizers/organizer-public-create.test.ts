/**
 * The public create-if-not-exists (`POST /v2/organizers/create`) is a form anyone can post, so it
 * must never answer with an existing organizer's record, must not tell which phones already have
 * an organizer, and is limited per client address.
 */
import { Organizers } from "@podium/core"
import { Effect, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { freshPhone, multipart, newAdmin, PngBytes } from "./support.js"

let host: RealHost
beforeAll(async () => {
  host = await startRealHost(import.meta.url)
})
afterAll(() => host.close())

const logo = { bytes: PngBytes, name: "logo.png", type: "image/png" }
/** Public creates sent from this file's client address so far (the budget is per address). */
let sent = 0
const publicCreate = (fields: Record<string, string | typeof logo>) => {
  sent++
  return multipart(host, "POST", "/v2/organizers/create", fields)
}

describe("the public organizer create", () => {
  it("answers an existing organizer's phone with the same receipt as a free phone, and none of the organizer's fields", async () => {
    const admin = await newAdmin(host)
    const takenPhone = freshPhone()
    const existing = await multipart(host, "POST", "/v2/organizers", {
      name: "Existing Org",
      phoneNumber: takenPhone,
      email: "owner@existing.example",
      companyName: "Existing Company",
      reviewReason: "internal review note"
    }, admin.headers)
    expect(existing.status).toBe(201)

    const freePhone = freshPhone()
    const fresh = await publicCreate({ name: "Fresh Org", phoneNumber: freePhone, companyLogo: logo })
    const taken = await publicCreate({ name: "Someone Else", phoneNumber: takenPhone, companyLogo: logo })

    expect(taken.status).toBe(fresh.status)
    expect(taken.status).toBe(201)
    expect(Object.keys(taken.body.data).sort()).toEqual(Object.keys(fresh.body.data).sort())
    expect({ ...taken.body.data, phoneNumber: "" }).toEqual({ ...fresh.body.data, phoneNumber: "" })
    expect(taken.body.message).toBe(fresh.body.message)
    for (const secret of [existing.body.data.id, "owner@existing.example", "Existing Company", "internal review note", "APPROVED", "PENDING"]) {
      expect(taken.text).not.toContain(secret)
    }

    // The existing organizer is untouched; the free phone now has a pending organizer.
    const kept = Option.getOrThrow(await host.run(Effect.flatMap(Organizers.OrganizerRepo, (r) => r.findByPhone(takenPhone))))
    expect(kept).toMatchObject({ id: existing.body.data.id, name: "Existing Org" })
    const made = Option.getOrThrow(await host.run(Effect.flatMap(Organizers.OrganizerRepo, (r) => r.findByPhone(freePhone))))
    expect(made).toMatchObject({ name: "Fresh Org", approvalStatus: "PENDING" })
  })

  it("refuses an address past its hourly budget with 429 and Retry-After", async () => {
    let refused: Awaited<ReturnType<typeof publicCreate>> | undefined
    while (refused === undefined && sent < 20) {
      const answer = await publicCreate({ name: "Budget Org", phoneNumber: freshPhone() })
      if (answer.status === 429) refused = answer
      else expect(answer.status).toBe(201)
    }
    expect(sent).toBe(11)
    expect(refused?.body).toMatchObject({ status: 429, data: null })
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0)
  })
})
