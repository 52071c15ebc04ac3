/** Event announcements on Postgres (registrations.event_announcements; migration 0140). */
import * as SqlClient from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import { Registrations } from "@podium/core"
import { EventAnnouncement } from "@podium/kernel"
import { Effect, Layer } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

export const EventAnnouncementRepoPg = Layer.effect(Registrations.EventAnnouncementRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const announcements = rowsOf(EventAnnouncement)
  const page = (where: Fragment, p: { readonly limit: number; readonly offset: number }) =>
    Effect.all({
      items: announcements.all(sql`select a.* from registrations.event_announcements a where ${where} order by a.created_at desc, a.id limit ${p.limit} offset ${p.offset}`),
      total: Effect.map(counts.one(sql`select count(*)::int as n from registrations.event_announcements a where ${where}`), (r) => r.n)
    }).pipe(Effect.orDie)
  return Registrations.EventAnnouncementRepo.of({
    create: (input, c) =>
      announcements.one(sql`
        insert into registrations.event_announcements (event_id, organizer_id, title, message, channels, visibility, recipients, messages, created_by)
        values (${input.eventId}, ${input.organizerId}, ${input.title}, ${input.message}, ${JSON.stringify(input.channels)}::jsonb,
          ${input.visibility}, ${c.recipients}, ${c.messages}, ${input.createdBy})
        returning *`).pipe(Effect.orDie),
    ofEvent: (eventId, p) => page(sql`a.event_id = ${eventId}`, p),
    // The public rule of events (isPubliclyVisible) in SQL, so paging counts only what is shown.
    publicOfOrganizer: (organizerId, p) =>
      page(sql`a.organizer_id = ${organizerId} and a.visibility = 'public' and exists (
        select 1 from events.events e where e.id = a.event_id and e.deleted_at is null
          and e.status = 'published' and e.visibility = 'public' and not e.is_test and e.is_active)`, p)
  })
}))
