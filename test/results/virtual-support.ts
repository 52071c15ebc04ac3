/**
 * Helpers of the proofs, action-center and series-pass tests: an organizer's public event with a
 * virtual edition running now, athletes registered for it (free: confirmed at once), an admin who
 * reviews proofs, and the athletes' RC balances read from the ledger.
 */
import { Wallets } from "@podium/core"
import { Effect } from "effect"
import { expect } from "vitest"
import { adminWithPermissions } from "../notifications/http-support.js"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { seedEvent } from "../registrations/support.js"
import type { RealHost } from "../support/real-host.js"

export { adminWithPermissions, newAthlete, seedOrganizer }

const hour = 3_600_000
export const at = (ms: number) => new Date(Date.now() + ms).toISOString()

let year = 2040
/** An edition of the event (published), virtual and running unless told otherwise. */
export const editionOf = async (host: RealHost, org: { owner: { headers: Record<string, string> } }, eventId: string, fields: Record<string, unknown> = {}) => {
  const res = await host.http.request("PATCH", `/v2/organizers/events/${eventId}/edition`, {
    year: ++year, mode: "virtual", startsAt: at(-2 * hour), endsAt: at(48 * hour), capacity: 100, status: "published", ...fields
  }, org.owner.headers)
  expect(res.status).toBe(200)
  return res.body.data as { id: string; year: number; name: string; eventId: string }
}

/** An organizer, its public event with a running virtual edition, and an admin with events.manage. */
export const virtualCast = async (host: RealHost) => {
  const org = await seedOrganizer(host, "Virtual Org")
  const event = await seedEvent(host, org.id)
  const edition = await editionOf(host, org, event.eventId)
  const admin = await adminWithPermissions(host, ["events.manage"])
  return { org, event, edition, admin }
}

/** A new athlete registered (confirmed) for the edition: the participation id is the registration's. */
export const registeredAthlete = async (host: RealHost, editionId: string) => {
  const athlete = await newAthlete(host)
  const res = await host.http.post(`/v2/editions/${editionId}/register`, undefined, athlete.headers)
  expect(res.status).toBe(201)
  expect(res.body.data.registration.status).toBe("confirmed")
  return { ...athlete, participationId: res.body.data.registration.id as string }
}

export const effort = (over: Record<string, unknown> = {}) => ({ evidenceUrl: "https://example.com/run/123", elapsedSeconds: 3_000, ...over })

/** Submits an effort for the athlete's participation and answers the proof. */
export const submitted = async (host: RealHost, athlete: { headers: Record<string, string>; participationId: string }, over: Record<string, unknown> = {}) => {
  const res = await host.http.post(`/v2/users/me/pending-proofs/${athlete.participationId}/submit`, effort(over), athlete.headers)
  expect(res.status).toBe(201)
  return res.body.data as { id: string; status: string; [k: string]: unknown }
}

export const rcBalance = (host: RealHost, userId: string) =>
  host.run(Effect.flatMap(Wallets.Ledger, (l) => l.balance(Wallets.athleteRcWallet(userId))))
