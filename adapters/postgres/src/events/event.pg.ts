/**
 * Events, slots, tickets and bookmarks on Postgres (migration 0034). Status moves are the machine's
 * conditional updates (`applyMove`); every change to an event also rewrites its search document in
 * the same transaction, so the index holds exactly the publicly visible events.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Events } from "@podium/core"
import { Event, EventSlot, EventStatus, EventTicket, MoveRefused } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, ids, rowsOf } from "../rows.pg.js"

const EventColumns = [
  "id", "organizer_id", "slug", "title", "description", "sport", "city", "country", "venue", "starts_at", "ends_at",
  "timezone", "visibility", "is_test", "category_id", "status", "prior_status", "review_reason", "is_active",
  "bookings_open", "is_featured", "desktop_cover", "mobile_cover", "refund_policy", "cancel_reason", "submitted_at",
  "published_at", "cancelled_at", "created_at", "updated_at"
] as const

const SlotColumns = ["id", "event_id", "name", "starts_at", "capacity", "is_active", "created_at", "updated_at"] as const
const TicketColumns = [
  "id", "event_id", "slot_id", "name", "description", "price", "currency", "capacity", "sold", "sales_start_at",
  "sales_end_at", "is_active", "created_at", "updated_at"
] as const

/** The predicate of "the public may see it" (Events.isPubliclyVisible), as SQL on events.events. */
export const publiclyVisibleSql = "deleted_at is null and status = 'published' and visibility = 'public' and is_test = false and is_active = true"

const StatusCount = Schema.Struct({ status: EventStatus, count: Schema.Number })
const Intent = Schema.Struct({ id: Schema.String, reason: Schema.NullOr(Schema.String), requestedBy: Schema.String, createdAt: Schema.DateFromSelf })
const DueIntent = Schema.Struct({ ...Intent.fields, eventId: Schema.String })
const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"

const SlugRow = Schema.Struct({ slug: Schema.String })

export const EventRepoPg = Layer.effect(Events.EventRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const events = rowsOf(Event)
  const statusCounts = rowsOf(StatusCount)
  const intents = rowsOf(Intent)
  const dueIntents = rowsOf(DueIntent)
  const slugs = rowsOf(SlugRow)
  const cols = sql.literal(EventColumns.join(", "))
  const live = sql.literal("deleted_at is null")
  const visible = sql.literal(publiclyVisibleSql)
  const notFound = (id: string) => () => new Events.EventNotFound({ ref: id })

  /** Rewrites the event's search document: present exactly while the public may see the event. */
  const reindex = (id: string) =>
    Effect.gen(function*() {
      yield* sql`insert into search.collections (name) values ('events') on conflict (name) do nothing`
      yield* sql`delete from search.documents where collection = 'events' and id = ${id}`
      yield* sql`
        insert into search.documents (collection, id, title, body)
        select 'events', id::text, title, concat_ws(' ', sport, city, country, venue, description)
        from events.events where id = ${id} and ${visible}`
    }).pipe(Effect.orDie)

  /** Runs a change and the event's reindex in one transaction; SQL failures are defects. */
  const inTransaction = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, Exclude<E, SqlError>> =>
    sql.withTransaction(effect).pipe(
      Effect.catchAll((e: E | SqlError) => (isSqlError(e) ? Effect.die(e) : Effect.fail(e as Exclude<E, SqlError>)))
    )
  const changed = <A extends { readonly id: string }, E>(effect: Effect.Effect<A, E>) => inTransaction(Effect.tap(effect, (a) => reindex(a.id)))
  const changedMaybe = <E>(effect: Effect.Effect<Option.Option<Event>, E>) =>
    inTransaction(Effect.tap(effect, (found) => (Option.isSome(found) ? reindex(found.value.id) : Effect.void)))

  const move = (id: string, name: Events.EventMove, fields: Events.MoveFields) =>
    applyMove(sql, {
      moves: Events.EventMoves,
      move: name,
      table: "events.events",
      id,
      set: name === "suspend"
        ? sql`prior_status = status, updated_at = now()${Object.keys(fields).length === 0 ? sql`` : sql`, ${sql.update(fields)}`}`
        : sql`prior_status = null, updated_at = now()${Object.keys(fields).length === 0 ? sql`` : sql`, ${sql.update(fields)}`}`,
      returning: cols,
      rows: events,
      notFound: notFound(id)
    })

  const filterSql = (f: Events.EventFilter) => {
    const parts = [sql`deleted_at is null`]
    if (f.publicOnly === true) parts.push(sql`${visible}`)
    if (f.organizerId !== undefined) parts.push(sql`organizer_id = ${f.organizerId}`)
    if (f.statuses !== undefined && f.statuses.length > 0) parts.push(sql`status in ${sql.in(f.statuses as Array<string>)}`)
    if (f.timeframe === "upcoming") parts.push(sql`starts_at > ${f.now}`)
    if (f.timeframe === "ongoing") parts.push(sql`starts_at <= ${f.now} and ends_at > ${f.now}`)
    if (f.timeframe === "past") parts.push(sql`ends_at <= ${f.now}`)
    if (f.city !== undefined) parts.push(sql`lower(city) = ${f.city.toLowerCase()}`)
    if (f.country !== undefined) parts.push(sql`country = ${f.country.toUpperCase()}`)
    if (f.sport !== undefined) parts.push(sql`lower(sport) = ${f.sport.toLowerCase()}`)
    if (f.categoryId !== undefined) parts.push(sql`category_id = ${f.categoryId}`)
    if (f.featured !== undefined) parts.push(sql`is_featured = ${f.featured}`)
    if (f.ids !== undefined) parts.push(f.ids.length === 0 ? sql`false` : sql`id in ${sql.in(f.ids as Array<string>)}`)
    if (f.excludeIds !== undefined && f.excludeIds.length > 0) parts.push(sql`id not in ${sql.in(f.excludeIds as Array<string>)}`)
    if (f.search !== undefined) {
      parts.push(sql`id::text in (select d.id from search.documents d where d.collection = 'events' and d.tsv @@ plainto_tsquery('simple', ${f.search}))`)
    }
    return sql.and(parts)
  }

  return Events.EventRepo.of({
    create: (input) =>
      changed(Effect.gen(function*() {
        const base = Events.eventSlugOf(input.title)
        const taken = new Set((yield* slugs.all(sql`
          select slug from events.events where slug = ${base} or slug like ${`${base}-%`}`)).map((r) => r.slug))
        let slug = base
        for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
        return yield* events.one(sql`
          insert into events.events ${sql.insert({
            organizerId: input.organizerId,
            slug,
            title: input.title,
            description: input.description,
            sport: input.sport,
            city: input.city,
            country: input.country,
            venue: input.venue,
            startsAt: input.startsAt,
            endsAt: input.endsAt,
            timezone: input.timezone,
            visibility: input.visibility,
            isTest: input.isTest,
            categoryId: input.categoryId,
            refundPolicy: input.refundPolicy ?? null,
            desktopCover: input.desktopCover ?? null,
            mobileCover: input.mobileCover ?? null,
            bookingsOpen: input.bookingsOpen ?? true
          })}
          returning ${cols}`)
      })),
    findById: (id) => events.maybe(sql`select ${cols} from events.events where id = ${id} and ${live}`),
    findBySlug: (slug) => events.maybe(sql`select ${cols} from events.events where slug = ${slug.toLowerCase()} and ${live}`),
    update: (id, patch) =>
      Object.keys(patch).length === 0
        ? events.maybe(sql`select ${cols} from events.events where id = ${id} and ${live}`)
        : changedMaybe(events.maybe(sql`
            update events.events set ${sql.update(patch)}, updated_at = now()
            where id = ${id} and ${live} returning ${cols}`)),
    move: (id, name, fields) => changed(move(id, name, fields)),
    cancel: (id, request, at) =>
      changed(Effect.gen(function*() {
        const event = yield* move(id, "cancel", { cancelledAt: at, cancelReason: request.reason })
        yield* sql`
          insert into events.cancellation_intents (event_id, reason, requested_by)
          values (${id}, ${request.reason}, ${request.requestedBy})`
        return event
      })),
    unsuspend: (id) =>
      changed(events.maybe(sql`
        update events.events set status = prior_status, prior_status = null, review_reason = null, updated_at = now()
        where id = ${id} and status = 'suspended' and prior_status is not null returning ${cols}`).pipe(
        Effect.flatMap(Option.match({
          onSome: Effect.succeed,
          onNone: () =>
            Effect.flatMap(events.maybe(sql`select ${cols} from events.events where id = ${id}`), Option.match({
              onNone: () => Effect.fail<Events.EventNotFound | MoveRefused>(new Events.EventNotFound({ ref: id })),
              onSome: (e) => Effect.fail(Events.unsuspendRefused(e.status))
            }))
        }))
      )),
    toggle: (id, field) =>
      changedMaybe(events.maybe(field === "isActive"
        ? sql`update events.events set is_active = not is_active, updated_at = now() where id = ${id} and ${live} returning ${cols}`
        : sql`update events.events set bookings_open = not bookings_open, updated_at = now() where id = ${id} and ${live} returning ${cols}`)),
    setFeatured: (list, featured) =>
      list.length === 0
        ? Effect.succeed([])
        : Effect.map(
          ids.all(sql`
            update events.events set is_featured = ${featured}, updated_at = now()
            where id in ${sql.in(list as Array<string>)} and ${live} returning id`),
          (rows) => rows.map((r) => r.id)
        ),
    remove: (id) =>
      inTransaction(Effect.gen(function*() {
        const gone = yield* ids.all(sql`update events.events set deleted_at = now(), updated_at = now() where id = ${id} and ${live} returning id`)
        if (gone.length > 0) yield* reindex(id)
        return gone.length > 0
      })),
    replaceId: (id, newId) =>
      inTransaction(Effect.gen(function*() {
        const moved = yield* events.maybe(sql`update events.events set id = ${newId}, updated_at = now() where id = ${id} and ${live} returning ${cols}`)
        yield* sql`delete from search.documents where collection = 'events' and id = ${id}`
        if (Option.isSome(moved)) yield* reindex(newId)
        return moved
      })),
    list: (f) =>
      Effect.gen(function*() {
        const where = filterSql(f)
        const order = f.order === "createdAt" ? sql`created_at desc, id` : sql`starts_at asc, id`
        const data = yield* events.all(sql`
          select ${cols} from events.events where ${where} order by ${order} limit ${f.limit} offset ${f.offset}`)
        const total = yield* counts.one(sql`select count(*)::int as n from events.events where ${where}`)
        return { data, total: total.n }
      }),
    countByStatus: statusCounts.all(sql`
      select status, count(*)::int as count from events.events where ${live} group by status order by status`),
    pendingCancellations: (eventId) =>
      intents.all(sql`
        select id, reason, requested_by, created_at from events.cancellation_intents
        where event_id = ${eventId} and status = 'pending' order by created_at, id`),
    dueCancellations: (limit) =>
      dueIntents.all(sql`
        select id, event_id::text as event_id, reason, requested_by, created_at from events.cancellation_intents
        where status = 'pending' order by created_at, id limit ${limit}`),
    markCancellationProcessed: (intentId) =>
      Effect.map(
        ids.all(sql`
          update events.cancellation_intents set status = 'processed', processed_at = now()
          where id = ${intentId} and status = 'pending' returning id`),
        (rows) => rows.length > 0
      )
  })
}))

export const EventInventoryRepoPg = Layer.effect(Events.EventInventoryRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const slots = rowsOf(EventSlot)
  const tickets = rowsOf(EventTicket)
  const slotCols = sql.literal(SlotColumns.join(", "))
  const ticketCols = sql.literal(TicketColumns.join(", "))
  return Events.EventInventoryRepo.of({
    createSlot: (input) => slots.one(sql`insert into events.slots ${sql.insert({ ...input })} returning ${slotCols}`),
    slots: (eventId) => slots.all(sql`select ${slotCols} from events.slots where event_id = ${eventId} order by starts_at, created_at, id`),
    findSlot: (eventId, slotId) => slots.maybe(sql`select ${slotCols} from events.slots where event_id = ${eventId} and id = ${slotId}`),
    updateSlot: (eventId, slotId, patch) =>
      Object.keys(patch).length === 0
        ? slots.maybe(sql`select ${slotCols} from events.slots where event_id = ${eventId} and id = ${slotId}`)
        : slots.maybe(sql`
            update events.slots set ${sql.update(patch)}, updated_at = now()
            where event_id = ${eventId} and id = ${slotId} returning ${slotCols}`),
    toggleSlot: (eventId, slotId) =>
      slots.maybe(sql`
        update events.slots set is_active = not is_active, updated_at = now()
        where event_id = ${eventId} and id = ${slotId} returning ${slotCols}`),
    removeSlot: (eventId, slotId) =>
      Effect.map(ids.all(sql`delete from events.slots where event_id = ${eventId} and id = ${slotId} returning id`), (r) => r.length > 0),
    createTicket: (input) => tickets.one(sql`insert into events.tickets ${sql.insert({ ...input })} returning ${ticketCols}`),
    tickets: (eventId, slotId) =>
      tickets.all(sql`
        select ${ticketCols} from events.tickets
        where event_id = ${eventId} and ${slotId === undefined ? sql`true` : sql`slot_id = ${slotId}`}
        order by created_at, id`),
    findTicket: (eventId, ticketId) => tickets.maybe(sql`select ${ticketCols} from events.tickets where event_id = ${eventId} and id = ${ticketId}`),
    updateTicket: (eventId, ticketId, patch) =>
      Object.keys(patch).length === 0
        ? tickets.maybe(sql`select ${ticketCols} from events.tickets where event_id = ${eventId} and id = ${ticketId}`)
        : tickets.maybe(sql`
            update events.tickets set ${sql.update(patch)}, updated_at = now()
            where event_id = ${eventId} and id = ${ticketId} returning ${ticketCols}`),
    toggleTicket: (eventId, ticketId) =>
      tickets.maybe(sql`
        update events.tickets set is_active = not is_active, updated_at = now()
        where event_id = ${eventId} and id = ${ticketId} returning ${ticketCols}`),
    removeTicket: (eventId, ticketId) =>
      Effect.map(ids.all(sql`delete from events.tickets where event_id = ${eventId} and id = ${ticketId} returning id`), (r) => r.length > 0)
  })
}))

export const EventBookmarkRepoPg = Layer.effect(Events.EventBookmarkRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const has = (userId: string, eventId: string) =>
    Effect.map(counts.one(sql`select count(*)::int as n from events.bookmarks where user_id = ${userId} and event_id = ${eventId}`), (r) => r.n > 0)
  return Events.EventBookmarkRepo.of({
    toggle: (userId, eventId) =>
      sql.withTransaction(Effect.gen(function*() {
        const removed = yield* ids.all(sql`delete from events.bookmarks where user_id = ${userId} and event_id = ${eventId} returning event_id::text as id`)
        if (removed.length > 0) return false
        yield* sql`insert into events.bookmarks (user_id, event_id) values (${userId}, ${eventId}) on conflict do nothing`
        return true
      })).pipe(Effect.catchTag("SqlError", Effect.die)),
    has,
    eventIds: (userId) =>
      Effect.map(ids.all(sql`select event_id::text as id from events.bookmarks where user_id = ${userId} order by created_at desc, event_id`), (r) => r.map((x) => x.id))
  })
}))
