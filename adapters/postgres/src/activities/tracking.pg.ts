/**
 * Tracking preferences and live-tracking shares on Postgres (migration 0045). A share's create
 * takes the athlete's advisory lock and counts their active shares and the last 24 hours' invites
 * inside the transaction, so concurrent creates cannot pass the limits together; cancel is the
 * machine's conditional update and revokes every recipient's token in the same transaction.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Activities } from "@podium/core"
import { LiveShare, LiveShareRecipient, TrackingPreferences } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, rowsOf } from "../rows.pg.js"

const PreferenceColumns = `user_id, default_sport, default_visibility, privacy_radius_meters, auto_pause, gps_interval_seconds, updated_at`
const PreferencesRow = Schema.Struct({ ...TrackingPreferences.fields, privacySeed: Schema.Number })

export const TrackingPreferencesRepoPg = Layer.effect(Activities.TrackingPreferencesRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const rows = rowsOf(PreferencesRow)
  const prefs = rowsOf(TrackingPreferences)
  const cols = sql.literal(PreferenceColumns)
  return Activities.TrackingPreferencesRepo.of({
    // The row (and its random privacy factor) is made on first read, so the factor never changes.
    // Two first reads at once: the one whose insert waited on the other's sees neither its own row
    // (nothing inserted) nor the other's (committed after this statement's snapshot), so it reads
    // the row again in a new statement.
    get: (userId) =>
      Effect.map(
        Effect.flatMap(
          rows.maybe(sql`
            with made as (
              insert into activities.tracking_preferences (user_id) values (${userId})
              on conflict (user_id) do nothing
              returning ${cols}, privacy_seed)
            select * from made
            union all
            select ${cols}, privacy_seed from activities.tracking_preferences where user_id = ${userId}
            limit 1`),
          Option.match({
            onSome: Effect.succeed,
            onNone: () => rows.one(sql`select ${cols}, privacy_seed from activities.tracking_preferences where user_id = ${userId}`)
          })
        ),
        ({ privacySeed, ...preferences }) => ({ preferences, privacySeed })
      ),
    update: (userId, patch) =>
      prefs.one(sql`
        insert into activities.tracking_preferences (user_id) values (${userId}) on conflict (user_id) do nothing`.pipe(
        Effect.zipRight(sql`
          update activities.tracking_preferences
          set ${Object.keys(patch).length === 0 ? sql`updated_at = coalesce(updated_at, now())` : sql`${sql.update({ ...patch })}, updated_at = now()`}
          where user_id = ${userId} returning ${cols}`)
      ))
  })
}))

const ShareColumns = `id, user_id, activity_id, status, expires_at, cancelled_at, created_at`
const RecipientColumns = `id, share_id, name, channel, contact, revoked_at, created_at`

export const LiveShareRepoPg = Layer.effect(Activities.LiveShareRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const shares = rowsOf(LiveShare)
  const recipients = rowsOf(LiveShareRecipient)
  const shareCols = sql.literal(ShareColumns)
  const recipientCols = sql.literal(RecipientColumns)
  const recipientsOf = (shareId: string) =>
    recipients.all(sql`select ${recipientCols} from activities.live_share_recipients where share_id = ${shareId} order by created_at, id`)
  return Activities.LiveShareRepo.of({
    create: (userId, input, limits) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`select pg_advisory_xact_lock(hashtext(${`live-shares:${userId}`}))`
        const active = yield* counts.one(sql`
          select count(*)::int as n from activities.live_shares where user_id = ${userId} and status = 'ACTIVE' and expires_at > now()`)
        if (active.n >= limits.activeShares) return yield* new Activities.ActiveShareLimit({ limit: limits.activeShares })
        const invited = yield* counts.one(sql`
          select count(*)::int as n from activities.live_share_recipients
          where user_id = ${userId} and created_at > now() - interval '24 hours'`)
        if (invited.n + input.recipients.length > limits.invitesPerDay) {
          return yield* new Activities.InviteLimit({ limit: limits.invitesPerDay, used: invited.n })
        }
        const share = yield* shares.one(sql`
          insert into activities.live_shares (user_id, activity_id, expires_at)
          values (${userId}, ${input.activityId}, ${input.expiresAt}) returning ${shareCols}`)
        const made = yield* recipients.all(sql`
          insert into activities.live_share_recipients ${
          sql.insert(input.recipients.map((r) => ({ shareId: share.id, userId, name: r.name, channel: r.channel, contact: r.contact, tokenHash: r.tokenHash })))
        } returning ${recipientCols}`)
        return { share, recipients: made }
      })).pipe(Effect.catchTag("SqlError", Effect.die)),
    findById: (id) => shares.maybe(sql`select ${shareCols} from activities.live_shares where id = ${id}`),
    listActive: (userId) =>
      Effect.gen(function*() {
        const active = yield* shares.all(sql`
          select ${shareCols} from activities.live_shares
          where user_id = ${userId} and status = 'ACTIVE' and expires_at > now() order by created_at desc, id`)
        return yield* Effect.forEach(active, (share) => Effect.map(recipientsOf(share.id), (r) => ({ share, recipients: r })))
      }),
    recipients: recipientsOf,
    cancel: (id) =>
      sql.withTransaction(Effect.gen(function*() {
        const share = yield* applyMove(sql, {
          moves: Activities.LiveShareMoves,
          move: "cancel",
          table: "activities.live_shares",
          id,
          set: sql`cancelled_at = now()`,
          returning: shareCols,
          rows: shares,
          notFound: () => new Activities.LiveShareNotFound({ id })
        })
        yield* sql`update activities.live_share_recipients set revoked_at = now() where share_id = ${id} and revoked_at is null`
        return share
      })).pipe(Effect.catchTag("SqlError", Effect.die)),
    openByTokenHash: (tokenHash) =>
      shares.maybe(sql`
        select s.id, s.user_id, s.activity_id, s.status, s.expires_at, s.cancelled_at, s.created_at
        from activities.live_share_recipients r join activities.live_shares s on s.id = r.share_id
        where r.token_hash = ${tokenHash} and r.revoked_at is null and s.status = 'ACTIVE' and s.expires_at > now()`)
  })
}))

