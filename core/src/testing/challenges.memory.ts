/**
 * In-memory twin of the challenges repositories (badge requests and badges), with the same
 * visible rules as the Postgres adapter: the state machine decides every move, newest first.
 */
import { Effect, Either, Layer, Option } from "effect"
import {
  type Badge,
  BadgeRequestNotFound,
  type BadgeRequestStateConflict,
  type BadgeRequestWithBadge,
  transitionBadgeRequest
} from "../challenges/badge-request.model.js"
import { BadgeRequestRepo } from "../challenges/badge-request.port.js"
import { nextMemoryId } from "./sequential-id.js"


export const BadgeRequestRepoMemory: Layer.Layer<BadgeRequestRepo> = Layer.sync(BadgeRequestRepo, () => {
  const requests = new Map<string, BadgeRequestWithBadge>()
  const newestFirst = (rows: Iterable<BadgeRequestWithBadge>) =>
    [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
  const settle = (
    id: string,
    event: "complete" | "reject",
    apply: (r: BadgeRequestWithBadge, now: Date) => BadgeRequestWithBadge
  ): Effect.Effect<BadgeRequestWithBadge, BadgeRequestNotFound | BadgeRequestStateConflict> =>
    Effect.suspend(() => {
      const current = requests.get(id)
      if (current === undefined) return Effect.fail<BadgeRequestNotFound | BadgeRequestStateConflict>(new BadgeRequestNotFound({ id }))
      const next = transitionBadgeRequest(current.status, event)
      if (Either.isLeft(next)) return Effect.fail(next.left)
      const updated: BadgeRequestWithBadge = { ...apply(current, new Date()), status: next.right }
      requests.set(id, updated)
      return Effect.succeed(updated)
    })
  return BadgeRequestRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const now = new Date()
        const row: BadgeRequestWithBadge = {
          ...input,
          id: nextMemoryId(),
          status: "pending_admin_approval",
          rejectionReason: null,
          badgeId: null,
          reviewedBy: null,
          reviewedAt: null,
          createdAt: now,
          updatedAt: now,
          badge: null
        }
        requests.set(row.id, row)
        return row
      }),
    listByCreator: (creatorType, creatorId) =>
      Effect.sync(() => newestFirst([...requests.values()].filter((r) => r.creatorType === creatorType && r.creatorId === creatorId))),
    list: (filter) =>
      Effect.sync(() => newestFirst([...requests.values()].filter((r) => filter.status === undefined || r.status === filter.status))),
    findById: (id) => Effect.sync(() => Option.fromNullable(requests.get(id))),
    complete: (id, input, reviewerId) =>
      settle(id, "complete", (r, now) => {
        const badge: Badge = { ...input, id: nextMemoryId(), requestId: r.id, challengeId: r.challengeId, createdBy: reviewerId, createdAt: now, updatedAt: now }
        return { ...r, badgeId: badge.id, badge, reviewedBy: reviewerId, reviewedAt: now, updatedAt: now }
      }),
    reject: (id, reason, reviewerId) =>
      settle(id, "reject", (r, now) => ({ ...r, rejectionReason: reason, reviewedBy: reviewerId, reviewedAt: now, updatedAt: now }))
  })
})
