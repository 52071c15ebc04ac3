/**
 * The organizer's anti-cheat view of an event (C "Organizer event tools"): the accounts behind the
 * event's active participants whose activities of the race window were flagged by the activities
 * context's rules. Only enforced flags are shown (shadow flags are the platform's trial of a rule
 * and stay with the admins), and dismissed ones are left out: a cleared athlete is not listed.
 * The window runs from a day before the start to a day after the end, so a watch that synced late
 * or a virtual race run on the eve still counts.
 */
import { Effect } from "effect"
import { AntiCheatRepo } from "../activities/activity.port.js"
import { type OrganizerActor, organizerEvent } from "./organizer-bookings.use-case.js"
import { WaveRepo } from "./wave.port.js"

const Day = 86_400_000
/** Flags read per view; an event with more shows the newest and says so through `truncated`. */
const MaxFlags = 1000

export const eventAntiCheat = Effect.fn("registrations.eventAntiCheat")(function*(who: OrganizerActor, eventId: string) {
  const event = yield* organizerEvent(who, eventId)
  const roster = yield* Effect.flatMap(WaveRepo, (r) => r.roster(eventId, undefined))
  const byUser = new Map<string, Array<{ participantId: string; participationId: string; bookingId: string; firstName: string; lastName: string }>>()
  for (const row of roster) {
    const list = byUser.get(row.participation.userId) ?? []
    list.push({
      participantId: row.participant.id,
      participationId: row.participation.id,
      bookingId: row.participation.bookingId,
      firstName: row.participant.firstName,
      lastName: row.participant.lastName
    })
    byUser.set(row.participation.userId, list)
  }
  const window = { from: new Date(event.startsAt.getTime() - Day), to: new Date(event.endsAt.getTime() + Day) }
  const flags = yield* Effect.flatMap(AntiCheatRepo, (r) =>
    r.listFlags({
      userIds: [...byUser.keys()],
      activityStartedBetween: window,
      mode: "enforce",
      statuses: ["OPEN", "RESPONDED", "APPEALED", "CONFIRMED"],
      limit: MaxFlags,
      offset: 0
    }))
  const flagsOf = new Map<string, Array<(typeof flags.items)[number]>>()
  for (const f of flags.items) flagsOf.set(f.userId, [...(flagsOf.get(f.userId) ?? []), f])
  const athletes = [...flagsOf.entries()]
    .map(([userId, list]) => ({
      userId,
      participants: byUser.get(userId) ?? [],
      confirmed: list.filter((f) => f.status === "CONFIRMED").length,
      flags: list.map((f) => ({
        id: f.id,
        activityId: f.activityId,
        ruleKey: f.ruleKey,
        reason: f.reason,
        observed: f.observed,
        threshold: f.threshold,
        status: f.status,
        createdAt: f.createdAt
      }))
    }))
    .sort((a, b) => b.confirmed - a.confirmed || b.flags.length - a.flags.length || a.userId.localeCompare(b.userId))
  return {
    eventId,
    windowFrom: window.from,
    windowTo: window.to,
    participants: roster.length,
    flaggedAthletes: athletes.length,
    truncated: flags.total > flags.items.length,
    athletes
  }
})
