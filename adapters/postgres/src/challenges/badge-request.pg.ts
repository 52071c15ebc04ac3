/**
 * Challenge badge requests and badges on Postgres (challenges.badge_requests, challenges.badges).
 * Complete and reject lock the request row (`select … for update`) and ask the core state machine
 * whether the move is legal, so of two concurrent completes exactly one creates a badge.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Challenges } from "@podium/core"
import { Effect, Either, Layer, Option } from "effect"

interface Row {
  readonly id: string
  readonly creatorType: Challenges.CreatorType
  readonly creatorId: string
  readonly challengeId: string | null
  readonly title: string
  readonly description: string
  readonly artworkNotes: string | null
  readonly dueDate: string | null
  readonly status: Challenges.BadgeRequestStatus
  readonly rejectionReason: string | null
  readonly badgeId: string | null
  readonly requestedByKind: string
  readonly requestedById: string | null
  readonly reviewedBy: string | null
  readonly reviewedAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
  readonly bId: string | null
  readonly bRequestId: string | null
  readonly bChallengeId: string | null
  readonly bName: string | null
  readonly bDescription: string | null
  readonly bImageUrl: string | null
  readonly bImage: Challenges.Badge["image"] | string | null
  readonly bCriteria: string | null
  readonly bCreatedBy: string | null
  readonly bCreatedAt: Date | null
  readonly bUpdatedAt: Date | null
}

const toRequest = (r: Row): Challenges.BadgeRequestWithBadge => ({
  id: r.id,
  creatorType: r.creatorType,
  creatorId: r.creatorId,
  challengeId: r.challengeId,
  title: r.title,
  description: r.description,
  artworkNotes: r.artworkNotes,
  dueDate: r.dueDate,
  status: r.status,
  rejectionReason: r.rejectionReason,
  badgeId: r.badgeId,
  requestedByKind: r.requestedByKind,
  requestedById: r.requestedById,
  reviewedBy: r.reviewedBy,
  reviewedAt: r.reviewedAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  badge: r.bId === null
    ? null
    : {
      id: r.bId,
      requestId: r.bRequestId,
      challengeId: r.bChallengeId,
      name: r.bName!,
      description: r.bDescription!,
      imageUrl: r.bImageUrl,
      image: typeof r.bImage === "string" ? JSON.parse(r.bImage) as Challenges.Badge["image"] : r.bImage,
      criteria: r.bCriteria!,
      createdBy: r.bCreatedBy,
      createdAt: r.bCreatedAt!,
      updatedAt: r.bUpdatedAt!
    }
})

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
  const byId = (id: string) =>
    sql<Row>`${select} where r.id = ${id}`.pipe(Effect.map((rows) => Option.fromNullable(rows[0]).pipe(Option.map(toRequest))))

  /** Locks the request, checks the move, applies `write`, answers the fresh row. */
  const settle = (
    id: string,
    event: Challenges.BadgeRequestEvent,
    write: (next: Challenges.BadgeRequestStatus) => Effect.Effect<unknown, unknown>
  ) =>
    sql.withTransaction(Effect.gen(function*() {
      const locked = yield* sql<{ readonly status: Challenges.BadgeRequestStatus }>`
        select status from challenges.badge_requests where id = ${id} for update`
      const current = locked[0]
      if (current === undefined) return yield* new Challenges.BadgeRequestNotFound({ id })
      const next = Challenges.transitionBadgeRequest(current.status, event)
      if (Either.isLeft(next)) return yield* next.left
      yield* write(next.right)
      return Option.getOrThrow(yield* byId(id))
    })).pipe(Effect.catchIf((e): e is never => typeof e === "object" && e !== null && (e as { _tag?: string })._tag === "SqlError", Effect.die))

  return Challenges.BadgeRequestRepo.of({
    create: (input) =>
      Effect.gen(function*() {
        const rows = yield* sql<{ readonly id: string }>`
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
          })} returning id`
        return Option.getOrThrow(yield* byId(rows[0]!.id))
      }).pipe(Effect.orDie),
    listByCreator: (creatorType, creatorId) =>
      sql<Row>`${select} where r.creator_type = ${creatorType} and r.creator_id = ${creatorId} order by r.created_at desc, r.id`.pipe(
        Effect.map((rows) => rows.map(toRequest)),
        Effect.orDie
      ),
    list: (filter) =>
      sql<Row>`${select} where ${filter.status === undefined ? sql`true` : sql`r.status = ${filter.status}`}
        order by r.created_at desc, r.id`.pipe(Effect.map((rows) => rows.map(toRequest)), Effect.orDie),
    findById: (id) => byId(id).pipe(Effect.orDie),
    complete: (id, badge, reviewerId) =>
      settle(id, "complete", (next) =>
        Effect.gen(function*() {
          const made = yield* sql<{ readonly id: string }>`
            insert into challenges.badges (request_id, challenge_id, name, description, image_url, image, criteria, created_by)
            select r.id, r.challenge_id, ${badge.name}, ${badge.description}, ${badge.imageUrl},
              ${badge.image === null ? null : JSON.stringify(badge.image)}::jsonb, ${badge.criteria}, ${reviewerId}
            from challenges.badge_requests r where r.id = ${id}
            returning id`
          yield* sql`
            update challenges.badge_requests
            set status = ${next}, badge_id = ${made[0]!.id}, reviewed_by = ${reviewerId}, reviewed_at = now(), updated_at = now()
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
