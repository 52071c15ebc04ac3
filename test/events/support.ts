/** Events test helpers: a seeded organizer's draft, its slot and ticket, and the admin review that publishes it. */
import { expect } from "vitest"
import type { RealHost } from "../support/real-host.js"
import { adminWithPermissions } from "../notifications/http-support.js"
import { seedOrganizer, type SeededOrganizer } from "../organizers/support.js"

const day = 86_400_000

/** An ISO instant `days` from now (negative: in the past). */
export const inDays = (days: number) => new Date(Date.now() + days * day).toISOString()

let counter = 0

export const eventBody = (overrides: Record<string, unknown> = {}) => ({
  title: `City Marathon ${++counter}`,
  sport: "running",
  city: "Pune",
  country: "IN",
  venue: "Shaniwar Wada",
  startsAt: inDays(30),
  endsAt: inDays(30.5),
  timezone: "Asia/Kolkata",
  visibility: "public",
  ...overrides
})

export interface Ready {
  readonly id: string
  readonly slug: string
  readonly slotId: string
  readonly ticketId: string
}

/** A draft with one slot and one ticket (ready to submit). */
export const readyDraft = async (host: RealHost, org: SeededOrganizer, overrides: Record<string, unknown> = {}): Promise<Ready> => {
  const body = eventBody(overrides)
  const created = await host.http.request("POST", "/v2/events", body, org.owner.headers)
  expect(created.status).toBe(201)
  const id = created.body.data.id as string
  const slot = await host.http.request("POST", `/v2/organizers/events/${id}/slots`, { name: "Wave A", startsAt: body.startsAt, capacity: 500 }, org.owner.headers)
  expect(slot.status).toBe(201)
  const ticket = await host.http.request("POST", `/v2/organizers/events/${id}/slots/${slot.body.data.id}/tickets`, {
    name: "Full marathon", price: 150_000, currency: "INR", capacity: 300
  }, org.owner.headers)
  expect(ticket.status).toBe(201)
  return { id, slug: created.body.data.slug, slotId: slot.body.data.id, ticketId: ticket.body.data.id }
}

/** A published event: ready, submitted, approved by `reviewer`. */
export const publishedEvent = async (host: RealHost, org: SeededOrganizer, reviewer: Record<string, string>, overrides: Record<string, unknown> = {}) => {
  const ready = await readyDraft(host, org, overrides)
  expect((await host.http.request("PATCH", `/v2/events/${ready.id}/submit-for-approval`, undefined, org.owner.headers)).status).toBe(200)
  const approved = await host.http.request("PATCH", `/v2/events/${ready.id}/review`, { decision: "approve" }, reviewer)
  expect(approved.status).toBe(200)
  return ready
}

export const idsOf = (answer: { body: { data: { data: ReadonlyArray<{ id: string }> } } }) => answer.body.data.data.map((e) => e.id)

/** The cast of an events test file: an organizer with its team, an admin who reviews events and one who manages them. */
export const eventsCast = async (host: RealHost, organizerName: string) => ({
  org: await seedOrganizer(host, organizerName),
  reviewer: await adminWithPermissions(host, ["events.review"]),
  manager: await adminWithPermissions(host, ["events.manage"])
})
