/**
 * An event's configuration on Postgres (migration 0050): the plain collections from their
 * declarations, FAQ replace-all in one transaction, coupons (ticket list as jsonb, codes unique
 * per event), versioned forms (a new version row in the same transaction as the change,
 * conditional on the version read) and the one course per event.
 */
import type { Statement } from "@effect/sql"
import * as SqlClient from "@effect/sql/SqlClient"
import { Events, Platform } from "@podium/core"
import { EventAddOn, EventCoupon, EventCourse, EventFaq, EventForm, EventFormVersion } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { makeCollectionRepoPg } from "../platform/collection.pg.js"
import { type ListColumns, runListQuery } from "../platform/list-query.pg.js"
import { counts, onUnique, rowsOf } from "../rows.pg.js"

/** Stock changes and deletes are conditional on `sold` in the same statement (bookings move `sold` under the row's lock). */
export const EventAddOnRepoPg = Layer.effect(Events.EventAddOnRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const repo = yield* makeCollectionRepoPg(Events.EventAddOns, { table: "events.add_ons" })
  const addOns = rowsOf(EventAddOn)
  const soldOf = (id: string) =>
    Effect.map(counts.maybe(sql`select sold as n from events.add_ons where id = ${id}`), Option.map((r) => r.n))
  return Events.EventAddOnRepo.of({
    ...repo,
    updateAboveSold: (id, patch) =>
      Effect.gen(function*() {
        const set = Object.keys(patch).length === 0 ? sql`updated_at = now()` : sql`${sql.update(patch)}, updated_at = now()`
        const updated = yield* addOns.maybe(sql`
          update events.add_ons set ${set}
          where id = ${id} and ${patch.stock === undefined ? sql`true` : sql`sold <= ${patch.stock}`} returning *`)
        if (Option.isSome(updated)) return Option.some({ updated: updated.value })
        return Option.map(yield* soldOf(id), (sold) => ({ below: sold }))
      }).pipe(Effect.orDie),
    removeUnsold: (id) =>
      Effect.gen(function*() {
        const deleted = yield* sql`delete from events.add_ons where id = ${id} and sold = 0 returning id`
        if (deleted.length > 0) return "deleted" as const
        return Option.match(yield* soldOf(id), { onNone: () => "missing" as const, onSome: (sold) => ({ sold }) })
      }).pipe(Effect.orDie)
  })
}))
export const EventWaypointRepoPg = Layer.effect(Events.EventWaypointRepo, makeCollectionRepoPg(Events.EventWaypoints, { table: "events.waypoints" }))
export const EventGalleryRepoPg = Layer.effect(Events.EventGalleryRepo, makeCollectionRepoPg(Events.EventGallery, { table: "events.gallery_images" }))
export const EventCommunicationRepoPg = Layer.effect(
  Events.EventCommunicationRepo,
  makeCollectionRepoPg(Events.EventCommunications, { table: "events.communications" })
)

export const EventFaqRepoPg = Layer.effect(Events.EventFaqRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const base = yield* makeCollectionRepoPg(Events.EventFaqs, { table: "events.faqs" })
  const faqs = rowsOf(EventFaq)
  return {
    ...base,
    replaceAll: (eventId, inputs) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`delete from events.faqs where event_id = ${eventId}`
        return yield* Effect.forEach(inputs, (i) =>
          faqs.one(sql`
            insert into events.faqs (event_id, question, answer, sort_order)
            values (${eventId}, ${i.question}, ${i.answer}, ${i.sortOrder ?? 0}) returning *`))
      })).pipe(Effect.orDie)
  }
}))

const columnsOf = (spec: Platform.ListSpec): ListColumns =>
  Object.fromEntries(Object.keys(spec.fields).map((f) => [f, f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]))

export const EventCouponRepoPg = Layer.effect(Events.EventCouponRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const coupons = rowsOf(EventCoupon)
  const columns = columnsOf(Events.CouponListSpec)
  return Events.EventCouponRepo.of({
    create: (input) =>
      coupons.one(sql`
        insert into events.coupons (event_id, code, description, discount_type, discount_value, currency, max_uses,
          max_uses_per_user, ticket_ids, valid_from, valid_until)
        values (${input.eventId}, ${input.code}, ${input.description}, ${input.discountType}, ${input.discountValue},
          ${input.currency}, ${input.maxUses}, ${input.maxUsesPerUser}, ${JSON.stringify(input.ticketIds)}::jsonb,
          ${input.validFrom}, ${input.validUntil})
        returning *`.pipe(onUnique(() => new Events.CouponCodeTaken({ code: input.code })))),
    list: (eventId, query) =>
      runListQuery({
        table: "events.coupons",
        columns,
        query,
        rows: coupons,
        scope: (s): Statement.Fragment => s`event_id = ${eventId}`
      }).pipe(Effect.map(({ rows, total }) => Platform.listPage(query, rows, total)), Effect.provideService(SqlClient.SqlClient, sql)),
    find: (eventId, id) => coupons.maybe(sql`select * from events.coupons where id = ${id} and event_id = ${eventId}`),
    findByCode: (eventId, code) => coupons.maybe(sql`select * from events.coupons where event_id = ${eventId} and code = ${code.toUpperCase()}`),
    remove: (eventId, id) =>
      Effect.gen(function*() {
        const deleted = yield* sql`delete from events.coupons where id = ${id} and event_id = ${eventId} and used = 0 returning id`
        if (deleted.length > 0) return "deleted" as const
        const left = yield* sql`select id from events.coupons where id = ${id} and event_id = ${eventId}`
        return left.length > 0 ? "used" as const : "missing" as const
      }).pipe(Effect.orDie),
    countUses: (id, delta) => Effect.orDie(sql`update events.coupons set used = used + ${delta}, updated_at = now() where id = ${id}`)
  })
}))

export const EventFormRepoPg = Layer.effect(Events.EventFormRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const forms = rowsOf(EventForm)
  const versions = rowsOf(EventFormVersion)
  const columns = columnsOf(Events.FormListSpec)
  const live = (eventId: string, id: string) => sql`id = ${id} and event_id = ${eventId} and deleted_at is null`
  const find = (eventId: string, id: string) => forms.maybe(sql`select * from events.forms where ${live(eventId, id)}`)
  return Events.EventFormRepo.of({
    create: (input) =>
      sql.withTransaction(Effect.gen(function*() {
        const form = yield* forms.one(sql`
          insert into events.forms (event_id, title, description, fields)
          values (${input.eventId}, ${input.title}, ${input.description}, ${JSON.stringify(input.fields)}::jsonb) returning *`)
        yield* sql`insert into events.form_versions (form_id, version, title, fields, created_at)
          values (${form.id}, 1, ${form.title}, ${JSON.stringify(form.fields)}::jsonb, ${form.createdAt})`
        return form
      })).pipe(Effect.orDie),
    list: (eventId, query) =>
      runListQuery({
        table: "events.forms",
        columns,
        query,
        rows: forms,
        scope: (s): Statement.Fragment => s`event_id = ${eventId} and deleted_at is null`
      }).pipe(Effect.map(({ rows, total }) => Platform.listPage(query, rows, total)), Effect.provideService(SqlClient.SqlClient, sql)),
    find,
    change: (eventId, id, patch) =>
      sql.withTransaction(Effect.gen(function*() {
        const current = yield* forms.maybe(sql`select * from events.forms where ${live(eventId, id)} for update`)
        if (Option.isNone(current)) return Option.none()
        const f = current.value
        const title = patch.title ?? f.title
        const fields = patch.fields ?? f.fields
        const description = patch.description === undefined ? f.description : patch.description
        const newVersion = title !== f.title || JSON.stringify(fields) !== JSON.stringify(f.fields)
        const updated = yield* forms.one(sql`
          update events.forms set title = ${title}, description = ${description}, fields = ${JSON.stringify(fields)}::jsonb,
            version = version + ${newVersion ? 1 : 0}, updated_at = now()
          where id = ${id} returning *`)
        if (newVersion) {
          yield* sql`insert into events.form_versions (form_id, version, title, fields, created_at)
            values (${id}, ${updated.version}, ${title}, ${JSON.stringify(fields)}::jsonb, ${updated.updatedAt})`
        }
        return Option.some(updated)
      })).pipe(Effect.orDie),
    toggle: (eventId, id) =>
      forms.maybe(sql`update events.forms set is_active = not is_active, updated_at = now() where ${live(eventId, id)} returning *`),
    version: (formId, version) => versions.maybe(sql`select * from events.form_versions where form_id = ${formId} and version = ${version}`),
    remove: (eventId, id) =>
      sql`update events.forms set deleted_at = now() where ${live(eventId, id)} returning id`.pipe(Effect.orDie, Effect.map((rows) => rows.length > 0))
  })
}))

export const EventCourseRepoPg = Layer.effect(Events.EventCourseRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const courses = rowsOf(EventCourse)
  return Events.EventCourseRepo.of({
    upsert: (c) =>
      courses.one(sql`
        insert into events.courses (event_id, name, file_name, point_count, distance_meters, elevation_gain_meters,
          elevation_loss_meters, min_elevation_meters, max_elevation_meters, start_latitude, start_longitude,
          finish_latitude, finish_longitude)
        values (${c.eventId}, ${c.name}, ${c.fileName}, ${c.pointCount}, ${c.distanceMeters}, ${c.elevationGainMeters},
          ${c.elevationLossMeters}, ${c.minElevationMeters}, ${c.maxElevationMeters}, ${c.startLatitude}, ${c.startLongitude},
          ${c.finishLatitude}, ${c.finishLongitude})
        on conflict (event_id) do update set name = excluded.name, file_name = excluded.file_name,
          point_count = excluded.point_count, distance_meters = excluded.distance_meters,
          elevation_gain_meters = excluded.elevation_gain_meters, elevation_loss_meters = excluded.elevation_loss_meters,
          min_elevation_meters = excluded.min_elevation_meters, max_elevation_meters = excluded.max_elevation_meters,
          start_latitude = excluded.start_latitude, start_longitude = excluded.start_longitude,
          finish_latitude = excluded.finish_latitude, finish_longitude = excluded.finish_longitude, updated_at = now()
        returning *`),
    find: (eventId) => courses.maybe(sql`select * from events.courses where event_id = ${eventId}`)
  })
}))
