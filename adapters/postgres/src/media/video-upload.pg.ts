/**
 * Video uploads on Postgres (media.video_uploads; migration 0250). A claim is one conditional
 * UPDATE … WHERE claimed_at IS NULL and the cleanup one DELETE … WHERE claimed_at IS NULL …
 * RETURNING: on one row they serialise on its lock and the loser re-checks the condition, so an
 * upload is either claimed or removed, never both, and two cleanups never report the same file.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Media } from "@podium/core"
import { VideoUpload } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { rowsOf } from "../rows.pg.js"

const cols = "id, scope, event_id, user_id, key, content_type, file_name, size, claimed_by, claimed_at, created_at"
const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const VideoUploadRepoPg = Layer.effect(Media.VideoUploadRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const uploads = rowsOf(VideoUpload)
  return Media.VideoUploadRepo.of({
    create: (input) =>
      uploads.one(sql`
        insert into media.video_uploads (id, scope, event_id, user_id, key, content_type, file_name, size)
        values (${input.id}, ${input.scope}, ${input.eventId}, ${input.userId}, ${input.key}, ${input.contentType}, ${input.fileName}, ${input.size})
        returning ${sql.literal(cols)}`),
    findById: (id) =>
      Uuid.test(id) ? uploads.maybe(sql`select ${sql.literal(cols)} from media.video_uploads where id = ${id}`) : Effect.succeed(Option.none()),
    claim: (id, scope, claimant, claimedBy) =>
      Uuid.test(id)
        ? uploads.maybe(sql`
            update media.video_uploads set claimed_by = ${claimedBy}, claimed_at = now()
            where id = ${id} and scope = ${scope} and claimed_at is null
              and (${claimant.userId ?? null}::uuid is null or user_id = ${claimant.userId ?? null}::uuid)
              and (${claimant.eventId ?? null}::uuid is null or event_id = ${claimant.eventId ?? null}::uuid)
            returning ${sql.literal(cols)}`)
        : Effect.succeed(Option.none()),
    release: (key) => uploads.maybe(sql`delete from media.video_uploads where key = ${key} returning ${sql.literal(cols)}`),
    deleteOrphans: (scope, before) =>
      uploads.all(sql`
        delete from media.video_uploads where scope = ${scope} and claimed_at is null and created_at < ${before}
        returning ${sql.literal(cols)}`)
  })
}))
