/**
 * Bib claim terms through the real host: events.manage only, the spec's 400 wording, 404 for an
 * unknown event or one without terms, replacement bumping the version (concurrent replacements get
 * distinct consecutive versions), the list.
 */
import { beforeAll, describe, expect, it } from "vitest"
import type { SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { eventsCast, readyDraft } from "./support.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer, reviewer: Record<string, string>, manager: Record<string, string>
beforeAll(async () => void ({ org, reviewer, manager } = await eventsCast(host, "Bib Terms Org")), 60_000)

const terms = { body: "I will carry photo ID and collect my own bib at the expo.", requiresIdProof: true, pickupInstructions: "Hall B, 10:00-18:00" }

describe("bib claim terms", () => {
  it("needs events.manage", async () => {
    const event = await readyDraft(host, org)
    expect((await host.http.request("GET", "/v2/bib-claim-terms", undefined, {})).status).toBe(401)
    expect((await host.http.request("GET", "/v2/bib-claim-terms", undefined, reviewer)).status).toBe(403)
    expect((await host.http.request("PUT", `/v2/bib-claim-terms/${event.id}`, terms, org.owner.headers)).status).toBe(403)
  })

  it("replaces an event's terms, bumping the version; reads and lists them; 404 without terms or event", async () => {
    const event = await readyDraft(host, org)
    expect((await host.http.request("GET", `/v2/bib-claim-terms/${event.id}`, undefined, manager)).status).toBe(404)
    expect((await host.http.request("PUT", "/v2/bib-claim-terms/00000000-0000-4000-8000-000000000000", terms, manager)).status).toBe(404)
    const bad = await host.http.request("PUT", `/v2/bib-claim-terms/${event.id}`, { body: "short" }, manager)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual([
      "body must be longer than or equal to 20 and shorter than or equal to 20000 characters",
      "requiresIdProof must be a boolean value"
    ])
    const first = await host.http.request("PUT", `/v2/bib-claim-terms/${event.id}`, terms, manager)
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ eventId: event.id, version: 1, requiresIdProof: true, pickupInstructions: "Hall B, 10:00-18:00" })
    const second = await host.http.request("PUT", `/v2/bib-claim-terms/${event.id}`, { body: "Bring your confirmation email to collect the bib.", requiresIdProof: false }, manager)
    expect(second.body.data).toMatchObject({ version: 2, requiresIdProof: false, pickupInstructions: null })
    expect((await host.http.request("GET", `/v2/bib-claim-terms/${event.id}`, undefined, manager)).body.data.version).toBe(2)
    const list = await host.http.request("GET", "/v2/bib-claim-terms?limit=100", undefined, manager)
    expect(list.status).toBe(200)
    expect(list.body.data.data.map((t: { eventId: string }) => t.eventId)).toContain(event.id)
  })

  it("gives 6 concurrent replacements distinct consecutive versions", async () => {
    const event = await readyDraft(host, org)
    const answers = await Promise.all(Array.from({ length: 6 }, () => host.http.request("PUT", `/v2/bib-claim-terms/${event.id}`, terms, manager)))
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200))
    expect(answers.map((a) => a.body.data.version).sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6])
  })
})
