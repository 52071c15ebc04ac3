/** Helpers of the challenge rewards tests: a CLOSED challenge with a prize table and a ranked leaderboard (1, 2, 2, and a zero). */
import { expect } from "vitest"
import { newAthlete, type SeededOrganizer } from "../organizers/support.js"
import { seedEvent } from "../registrations/support.js"
import type { RealHost } from "../support/real-host.js"
import { challengeBody, day } from "./support.js"

type Headers = Record<string, string>
export type Athlete = Awaited<ReturnType<typeof newAthlete>>

let hour = 0
/** Logs a run `km` kilometres long a few days ago. */
export const run = async (host: RealHost, who: { headers: Headers }, km: number) => {
  const startedAt = new Date(Date.now() - 3 * day + (hour++ % 20) * 3_600_000)
  const res = await host.http.request("POST", "/v2/activities", { sport: "run", durationSeconds: 3600 * Math.max(1, Math.ceil(km / 10)), distanceMeters: km * 1000, startedAt: startedAt.toISOString() }, who.headers)
  expect(res.status).toBe(201)
}

/** The standard prize table: CASH for 1, a tee (S/M/L) for 1–2, 20 % off and a free entry for 2. */
export const prizeTable = (eventId: string, ticketId: string) => [
  { rankFrom: 1, rankTo: 1, rewardType: "CASH", amount: 500_000, title: "Winner's purse" },
  { rankFrom: 1, rankTo: 2, rewardType: "MERCH", productName: "Finisher tee", sizeOptions: ["S", "M", "L"] },
  { rankFrom: 2, rankTo: 3, rewardType: "DISCOUNT", discountType: "percent", discountValue: 20, eventId },
  { rankFrom: 2, rankTo: 2, rewardType: "EVENT_ENTRY", eventId, ticketId }
]

/**
 * An organizer's running challenge (started ten days ago) with `prizes`, four joined athletes:
 * a 20 km (rank 1), b and c 10 km (tied rank 2), d nothing (rank 4, no prize); ACTIVE, not closed.
 */
export const rankedChallenge = async (host: RealHost, admin: Headers, org: SeededOrganizer, prizes?: (e: { eventId: string; ticketId: string }) => ReadonlyArray<unknown>) => {
  const event = await seedEvent(host, org.id)
  const body = challengeBody({
    creatorType: "organizer",
    creatorId: org.id,
    startsAt: new Date(Date.now() - 10 * day).toISOString(),
    endsAt: new Date(Date.now() + 20 * day).toISOString(),
    ...(prizes === undefined ? {} : { prizes: prizes(event) })
  })
  const created = await host.http.post("/v2/challenges", body, org.owner.headers)
  expect(created.status).toBe(201)
  const id = created.body.data.id as string
  expect((await host.http.request("PATCH", `/v2/challenges/${id}/review`, { decision: "APPROVE" }, admin)).status).toBe(200)
  const [a, b, c, d] = await Promise.all(Array.from({ length: 4 }, () => newAthlete(host)))
  for (const who of [a!, b!, c!, d!]) expect((await host.http.request("POST", `/v2/challenge-participations/${id}`, undefined, who.headers)).status).toBe(201)
  await run(host, a!, 20)
  await run(host, b!, 10)
  await run(host, c!, 10)
  return { id, event, a: a!, b: b!, c: c!, d: d! }
}

/** An admin's force-close. */
export const close = async (host: RealHost, admin: Headers, id: string) =>
  expect((await host.http.request("POST", `/v2/admin/challenge-management/challenges/${id}/close`, {}, admin)).status).toBe(200)

export const address = { name: "Asha Rao", phone: "9876543210", addressLine1: "Plot 12, MG Road", city: "Pune", state: "Maharashtra", pincode: "411001" }
