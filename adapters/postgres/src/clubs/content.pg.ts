/** Club channels, announcements and blasts on Postgres (clubs.channels, clubs.announcements, clubs.announcement_blasts). */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect, Layer, Option } from "effect"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const isUniqueViolation = (e: unknown) => (e as { cause?: { code?: string } }).cause?.code === "23505"

export const ClubChannelRepoPg = Layer.effect(Clubs.ClubChannelRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const one = (rows: ReadonlyArray<Clubs.ClubChannel>) => Option.fromNullable(rows[0])
  return Clubs.ClubChannelRepo.of({
    ensureGeneral: (clubId) =>
      sql`
        insert into clubs.channels (club_id, name, topic)
        select ${clubId}, ${Clubs.GeneralChannelName}, 'Everything about the club'
        where not exists (select 1 from clubs.channels where club_id = ${clubId} and lower(name) = ${Clubs.GeneralChannelName})
        on conflict do nothing`.pipe(Effect.asVoid, Effect.orDie),
    create: (input) =>
      sql<Clubs.ClubChannel>`insert into clubs.channels ${sql.insert({ ...input })} returning *`.pipe(
        Effect.map((rows) => rows[0]!),
        Effect.catchIf(isUniqueViolation, () => Effect.fail(new Clubs.ClubChannelNameTaken({ name: input.name }))),
        Effect.catchTag("SqlError", Effect.die)
      ),
    findById: (channelId) =>
      Uuid.test(channelId) ? sql<Clubs.ClubChannel>`select * from clubs.channels where id = ${channelId}`.pipe(Effect.map(one), Effect.orDie) : Effect.succeed(Option.none()),
    list: (clubId, includeArchived) =>
      sql<Clubs.ClubChannel>`
        select * from clubs.channels where club_id = ${clubId} ${includeArchived ? sql`` : sql`and not archived`}
        order by (lower(name) = ${Clubs.GeneralChannelName}) desc, lower(name)`.pipe(Effect.orDie),
    update: (channelId, patch) =>
      sql<Clubs.ClubChannel>`update clubs.channels set ${sql.update({ ...patch, updatedAt: new Date() })} where id = ${channelId} returning *`.pipe(
        Effect.map(one),
        Effect.catchIf(isUniqueViolation, () => Effect.fail(new Clubs.ClubChannelNameTaken({ name: patch.name ?? "" }))),
        Effect.catchTag("SqlError", Effect.die)
      ),
    archive: (channelId) =>
      sql<Clubs.ClubChannel>`update clubs.channels set archived = true, updated_at = now() where id = ${channelId} returning *`.pipe(Effect.map(one), Effect.orDie)
  })
}))

export const ClubAnnouncementRepoPg = Layer.effect(Clubs.ClubAnnouncementRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return Clubs.ClubAnnouncementRepo.of({
    create: (input) =>
      sql<Clubs.ClubAnnouncement>`
        insert into clubs.announcements ${sql.insert({ ...input })}
        returning id, club_id, title, body, pinned, author_kind, author_id, created_at, updated_at`.pipe(Effect.map((rows) => rows[0]!), Effect.orDie),
    findById: (announcementId) =>
      Uuid.test(announcementId)
        ? sql<Clubs.ClubAnnouncement>`
            select id, club_id, title, body, pinned, author_kind, author_id, created_at, updated_at
            from clubs.announcements where id = ${announcementId} and deleted_at is null`.pipe(Effect.map((rows) => Option.fromNullable(rows[0])), Effect.orDie)
        : Effect.succeed(Option.none()),
    list: (clubId, page) =>
      Effect.gen(function*() {
        const items = yield* sql<Clubs.ClubAnnouncement>`
          select id, club_id, title, body, pinned, author_kind, author_id, created_at, updated_at
          from clubs.announcements where club_id = ${clubId} and deleted_at is null
          order by pinned desc, created_at desc, id limit ${page.limit} offset ${page.offset}`
        const total = (yield* sql<{ readonly n: number }>`
          select count(*)::int as n from clubs.announcements where club_id = ${clubId} and deleted_at is null`)[0]!.n
        return { items, total }
      }).pipe(Effect.orDie),
    remove: (announcementId) =>
      sql`update clubs.announcements set deleted_at = now() where id = ${announcementId} and deleted_at is null returning id`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie
      ),
    findBlast: (announcementId) =>
      sql<Clubs.AnnouncementBlast>`select * from clubs.announcement_blasts where announcement_id = ${announcementId}`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0])),
        Effect.orDie
      ),
    recordBlast: (blast) =>
      sql`insert into clubs.announcement_blasts ${sql.insert({ ...blast })} on conflict (announcement_id) do nothing returning announcement_id`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie
      )
  })
}))
