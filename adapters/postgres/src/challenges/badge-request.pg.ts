/**
 * Challenge badge requests and badges on Postgres (challenges.badge_requests, challenges.badges).
 * Complete and reject lock the request row (`select … for update`) and ask the core state machine
 * whether the move is legal, so of two concurrent completes exactly one creates a badge.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Challenges } from "@podium/core"
import { Array as Arr, Effect, Either, Layer, Option, Schema } from "effect"
import { ids, rowsOf } from "../rows.pg.js"

const { Badge } = Challenges

/** The joined badge's columns (`b_` prefixed): all null while the request has no badge. */
const BadgeColumns = Schema.Union(
  Schema.Struct({ bId: Schema.Null }),
  Schema.Struct({
    bId: Badge.fields.id,
    bRequestId: Badge.fields.requestId,
    bChallengeId: Badge.fields.challengeId,
    bName: Badge.fields.name,
    bDescription: Badge.fields.description,
    bImageUrl: Badge.fields.imageUrl,
    bImage: Badge.fields.image,
    bCriteria: Badge.fields.criteria,
    bCreatedBy: Badge.fields.createdBy,
    bCreatedAt: Badge.fields.createdAt,
    bUpdatedAt: Badge.fields.updatedAt
  })
)

const badgeOf = (c: typeof BadgeColumns.Type): Challenges.Badge | null =>
  c.bId === null ? null : {
    id: c.bId,
    requestId: c.bRequestId,
    challengeId: c.bChallengeId,
    name: c.bName,
    description: c.bDescription,
    imageUrl: c.bImageUrl,
    image: c.bImage,
    criteria: c.bCriteria,
    createdBy: c.bCreatedBy,
    createdAt: c.bCreatedAt,
    updatedAt: c.bUpdatedAt
  }

const StatusRow = Challenges.BadgeRequest.pipe(Schema.pick("status"))

export const BadgeRequestRepoPg = Layer.effect(Challenges.BadgeRequestRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const select = sql`
    select r.id, r.creator_type, r.creator_id, r.challenge_id, r.title, r.description, r.artwork_notes,
      to_char(r.due_date, 'YYYY-MM-DD') as due_date, r.status, r.rejection_reason, r.badge_id,
      r.requested_by_kind, r.requested_by_id, r.reviewed_by, r.reviewed_at, r.created_at, r.updated_at,
      b.id as b_id, b.request_id as b_request_id, b.challenge_id as b_challenge_id, b.name as b_name,
      b.description as b_description, b.image_url as b_image_url, b.image as b_image, b.criteria as b_criteria,
      b.created_by as b_created_by, b.created_at as b_created_at, b.updated_at as b_updated_at
    from challenges.badge_requests r left join challenges.badges b on b.id = r.badge_id`
  const requests = rowsOf(Challenges.BadgeRequest)
  const badges = rowsOf(BadgeColumns)
  const statuses = rowsOf(StatusRow)
  /** The requests of a joined query, each with its badge. */
  const withBadges = (query: Effect.Effect<ReadonlyArray<object>, SqlError>) =>
    Effect.gen(function*() {
      const rows = yield* Effect.orDie(query)
      return Arr.zipWith(yield* requests.decode(rows), yield* badges.decode(rows), (request, columns): Challenges.BadgeRequestWithBadge => ({
        ...request,
        badge: badgeOf(columns)
      }))
    })
  const byId = (id: string) => Effect.map(withBadges(sql`${select} where r.id = ${id}`), Arr.head)

  /** Locks the request, checks the move, applies `write`, answers the fresh row. */
  const settle = (
    id: string,
    event: Challenges.BadgeRequestEvent,
    write: (next: Challenges.BadgeRequestStatus) => Effect.Effect<unknown, SqlError>
  ) =>
    sql.withTransaction(Effect.gen(function*() {
      const locked = yield* statuses.maybe(sql`select status from challenges.badge_requests where id = ${id} for update`)
      if (Option.isNone(locked)) return yield* new Challenges.BadgeRequestNotFound({ id })
      const next = Challenges.transitionBadgeRequest(locked.value.status, event)
      if (Either.isLeft(next)) return yield* next.left
      yield* write(next.right)
      return Option.getOrThrow(yield* byId(id))
    })).pipe(Effect.catchTag("SqlError", Effect.die))

  return Challenges.BadgeRequestRepo.of({
    create: (input) =>
      Effect.gen(function*() {
        const created = yield* ids.one(sql`
          insert into challenges.badge_requests ${sql.insert({
            creatorType: input.creatorType,
            creatorId: input.creatorId,
            challengeId: input.challengeId,
            title: input.title,
            description: input.description,
            artworkNotes: input.artworkNotes,
            dueDate: input.dueDate,
            requestedByKind: input.requestedByKind,
            requestedById: input.requestedById
          })} returning id`)
        return Option.getOrThrow(yield* byId(created.id))
      }),
    listByCreator: (creatorType, creatorId) =>
      withBadges(sql`${select} where r.creator_type = ${creatorType} and r.creator_id = ${creatorId} order by r.created_at desc, r.id`),
    list: (filter) =>
      withBadges(sql`${select} where ${filter.status === undefined ? sql`true` : sql`r.status = ${filter.status}`}
        order by r.created_at desc, r.id`),
    findById: byId,
    complete: (id, badge, reviewerId) =>
      settle(id, "complete", (next) =>
        Effect.gen(function*() {
          const made = yield* ids.one(sql`
            insert into challenges.badges (request_id, challenge_id, name, description, image_url, image, criteria, created_by)
            select r.id, r.challenge_id, ${badge.name}, ${badge.description}, ${badge.imageUrl},
              ${badge.image === null ? null : JSON.stringify(badge.image)}::jsonb, ${badge.criteria}, ${reviewerId}
            from challenges.badge_requests r where r.id = ${id}
            returning id`)
          yield* sql`
            update challenges.badge_requests
            set status = ${next}, badge_id = ${made.id}, reviewed_by = ${reviewerId}, reviewed_at = now(), updated_at = now()
            where id = ${id}`
        })),
    reject: (id, reason, reviewerId) =>
      settle(id, "reject", (next) =>
        sql`
          update challenges.badge_requests
          set status = ${next}, rejection_reason = ${reason}, reviewed_by = ${reviewerId}, reviewed_at = now(), updated_at = now()
          where id = ${id}`)
  })
}))
