/**
 * Helpers of the results tests: an organizer with a published public event (seeded through the
 * events repositories), an admin who ingests timing batches, athletes, and finish times.
 */
import { randomUUID } from "node:crypto"
import { adminWithPermissions } from "../notifications/http-support.js"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { seedEvent } from "../registrations/support.js"
import type { RealHost } from "../support/real-host.js"

export { newAthlete, seedOrganizer }

const gun = Date.parse("2026-10-04T01:30:00.000Z")

/** A timing record whose elapsed time is `minutes` (the gun at a fixed instant). */
export const finish = (minutes: number, over: Record<string, unknown> = {}) => ({
  userId: randomUUID(),
  gender: "female",
  startedAt: new Date(gun).toISOString(),
  finishedAt: new Date(gun + minutes * 60_000).toISOString(),
  ...over
})

/** An organizer, its published public event and an admin allowed to ingest results. */
export const resultsCast = async (host: RealHost, options: Parameters<typeof seedEvent>[2] = {}) => {
  const org = await seedOrganizer(host, "Results Org")
  const event = await seedEvent(host, org.id, options)
  const admin = await adminWithPermissions(host, ["events.manage"])
  const ingest = (records: ReadonlyArray<Record<string, unknown>>, extra: Record<string, unknown> = {}, headers: Record<string, string> = admin) =>
    host.http.post("/v2/leaderboards/admin/ingest", { eventId: event.eventId, records, ...extra }, headers)
  const publish = (headers: Record<string, string> = org.owner.headers) => host.http.post(`/v2/events/${event.eventId}/results/publish`, undefined, headers)
  return { org, event, admin, ingest, publish }
}
