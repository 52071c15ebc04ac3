/**
 * Challenge video uploads on Postgres (migration 0103). The cleanup is one DELETE … RETURNING, so
 * two cleanups at once split the orphans between them and no file is reported twice.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Challenges } from "@podium/core"
import { ChallengeVideoUpload } from "@podium/kernel"
import { Effect, Layer } from "effect"
import { rowsOf } from "../rows.pg.js"

const cols = "id, user_id, key, content_type, file_name, size, claimed_at, created_at"

export const ChallengeVideoUploadRepoPg = Layer.effect(Challenges.ChallengeVideoUploadRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const uploads = rowsOf(ChallengeVideoUpload)
  return Challenges.ChallengeVideoUploadRepo.of({
    create: (input) =>
      uploads.one(sql`
        insert into challenges.video_uploads (id, user_id, key, content_type, file_name, size)
        values (${input.id}, ${input.userId}, ${input.key}, ${input.contentType}, ${input.fileName}, ${input.size})
        returning ${sql.literal(cols)}`),
    deleteOrphans: (before) =>
      uploads.all(sql`
        delete from challenges.video_uploads where claimed_at is null and created_at < ${before}
        returning ${sql.literal(cols)}`)
  })
}))
