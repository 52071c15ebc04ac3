/**
 * Handlers of the challenge badge request groups: the creator's side (Authenticated + the
 * organizer tenancy policy in core) and the admin's side (the admin permission
 * `challenges.badges`, declared on the contract). Uploaded badge images are served back as short-lived signed
 * media URLs.
 */
import { type HttpApiGroup, } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, } from "@podium/contracts/common"
import { AthletesApi } from "@podium/contracts/athletes"
import { Challenges, type Identity, Media, } from "@podium/core"
import type { AppConfig, ChallengesInfrastructure, IdentityServices, OrganizersInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import { readUpload } from "../organizers/organizer.view.js"

export type ChallengesHandlerServices = IdentityServices | OrganizersInfrastructure | ChallengesInfrastructure | AppConfig | Authenticated

const badgeView = (b: Challenges.Badge): Effect.Effect<typeof import("@podium/contracts/athletes").BadgeView.Type, never, Identity.Hmac> =>
  Effect.gen(function*() {
    const imageUrl = b.imageUrl ?? (b.image === null ? "" : yield* Media.mediaUrl(b.image, "public"))
    return {
      id: b.id,
      requestId: b.requestId,
      challengeId: b.challengeId,
      name: b.name,
      description: b.description,
      imageUrl,
      criteria: b.criteria,
      createdAt: b.createdAt
    }
  })

const requestView = (r: Challenges.BadgeRequestWithBadge) =>
  Effect.gen(function*() {
    return {
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
      badge: r.badge === null ? null : yield* badgeView(r.badge),
      requestedBy: { kind: r.requestedByKind, id: r.requestedById },
      reviewedAt: r.reviewedAt,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt
    }
  })

export const ChallengeBadgeRequestsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "challengeBadgeRequests">, never, ChallengesHandlerServices> =
  apiGroup(AthletesApi, "challengeBadgeRequests", (handlers) =>
    handlers
      .handle("listCreatorBadgeRequests", ({ path }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          const rows = yield* Challenges.listCreatorBadgeRequests(me, path.creatorType, path.creatorId)
          return yield* Effect.forEach(rows, requestView)
        }))
      .handle("createCreatorBadgeRequest", ({ path, payload }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          const created = yield* Challenges.requestBadge(me, path.creatorType, path.creatorId, {
            challengeId: payload.challengeId ?? null,
            title: payload.title,
            description: payload.description,
            artworkNotes: payload.artworkNotes ?? null,
            dueDate: payload.dueDate ?? null
          })
          return yield* requestView(created)
        })))

export const AdminChallengeBadgeRequestsHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "adminChallengeBadgeRequests">,
  never,
  ChallengesHandlerServices
> = apiGroup(AthletesApi, "adminChallengeBadgeRequests", (handlers) =>
  handlers
    .handle("adminListBadgeRequests", ({ urlParams }) =>
      Effect.gen(function*() {
        const rows = yield* Challenges.listBadgeRequests(urlParams.status)
        return yield* Effect.forEach(rows, requestView)
      }))
    .handle("adminGetBadgeRequest", ({ path }) =>
      Effect.gen(function*() {
        return yield* requestView(yield* Challenges.getBadgeRequest(path.id))
      }))
    .handle("adminCompleteBadgeRequest", ({ path, payload }) =>
      Effect.gen(function*() {
        const admin = yield* CurrentPrincipal
        const completed = yield* Challenges.completeBadgeRequest(admin, path.id, {
          name: payload.name,
          description: payload.description,
          criteria: payload.criteria,
          imageUrl: payload.imageUrl ?? null,
          image: yield* readUpload(payload.image)
        })
        return yield* requestView(completed)
      }))
    .handle("adminRejectBadgeRequest", ({ path, payload }) =>
      Effect.gen(function*() {
        const admin = yield* CurrentPrincipal
        return yield* requestView(yield* Challenges.rejectBadgeRequest(admin, path.id, payload.reason))
      }))
)
