/** Club channels, announcements and blasts on Postgres (clubs.channels, clubs.announcements, clubs.announcement_blasts). */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { counts, onUnique, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const AnnouncementIdRow = Schema.Struct({ announcementId: Schema.String })

export const ClubChannelRepoPg = Layer.effect(Clubs.ClubChannelRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const channels = rowsOf(Clubs.ClubChannel)
  return Clubs.ClubChannelRepo.of({
    ensureGeneral: (clubId) =>
      sql`
        insert into clubs.channels (club_id, name, topic)
        select ${clubId}, ${Clubs.GeneralChannelName}, 'Everything about the club'
        where not exists (select 1 from clubs.channels where club_id = ${clubId} and lower(name) = ${Clubs.GeneralChannelName})
        on conflict do nothing`.pipe(Effect.asVoid, Effect.orDie),
    create: (input) =>
      channels.one(
        sql`insert into clubs.channels ${sql.insert({ ...input })} returning *`.pipe(onUnique(() => new Clubs.ClubChannelNameTaken({ name: input.name })))
      ),
    findById: (channelId) =>
      Uuid.test(channelId) ? channels.maybe(sql`select * from clubs.channels where id = ${channelId}`) : Effect.succeed(Option.none()),
    list: (clubId, includeArchived) =>
      channels.all(sql`
        select * from clubs.channels where club_id = ${clubId} ${includeArchived ? sql`` : sql`and not archived`}
        order by (lower(name) = ${Clubs.GeneralChannelName}) desc, lower(name)`),
    update: (channelId, patch) =>
      channels.maybe(
        sql`update clubs.channels set ${sql.update({ ...patch, updatedAt: new Date() })} where id = ${channelId} returning *`.pipe(
          onUnique(() => new Clubs.ClubChannelNameTaken({ name: patch.name ?? "" }))
        )
      ),
    archive: (channelId) =>
      channels.maybe(sql`update clubs.channels set archived = true, updated_at = now() where id = ${channelId} returning *`)
  })
}))

export const ClubAnnouncementRepoPg = Layer.effect(Clubs.ClubAnnouncementRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const announcements = rowsOf(Clubs.ClubAnnouncement)
  const blasts = rowsOf(Clubs.AnnouncementBlast)
  const blastIds = rowsOf(AnnouncementIdRow)
  const cols = sql`id, club_id, title, body, pinned, author_kind, author_id, created_at, updated_at`
  return Clubs.ClubAnnouncementRepo.of({
    create: (input) =>
      announcements.one(sql`insert into clubs.announcements ${sql.insert({ ...input })} returning ${cols}`),
    findById: (announcementId) =>
      Uuid.test(announcementId)
        ? announcements.maybe(sql`select ${cols} from clubs.announcements where id = ${announcementId} and deleted_at is null`)
        : Effect.succeed(Option.none()),
    list: (clubId, page) =>
      Effect.gen(function*() {
        const items = yield* announcements.all(sql`
          select ${cols} from clubs.announcements where club_id = ${clubId} and deleted_at is null
          order by pinned desc, created_at desc, id limit ${page.limit} offset ${page.offset}`)
        const total = (yield* counts.one(sql`
          select count(*)::int as n from clubs.announcements where club_id = ${clubId} and deleted_at is null`)).n
        return { items, total }
      }),
    remove: (announcementId) =>
      sql`update clubs.announcements set deleted_at = now() where id = ${announcementId} and deleted_at is null returning id`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie
      ),
    findBlast: (announcementId) =>
      blasts.maybe(sql`select * from clubs.announcement_blasts where announcement_id = ${announcementId}`),
    recordBlast: (blast) =>
      blastIds.all(sql`insert into clubs.announcement_blasts ${sql.insert({ ...blast })} on conflict (announcement_id) do nothing returning announcement_id`).pipe(
        Effect.map((rows) => rows.length > 0)
      )
  })
}))
