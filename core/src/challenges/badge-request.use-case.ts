/**
 * Challenge badge requests: the creator's side (ask, list own) and the admin's side (list, read,
 * complete by creating the badge, reject with a reason). Organizer creators must be OWNER or ADMIN
 * of the organizer (the organizers tenancy policy); club creators do not exist until the clubs
 * issue, so every club creator is CreatorNotFound. Complete and reject append audit rows.
 */
import { Effect, Either, Option, Schema } from "effect"
import { SecureRandom } from "../identity/crypto.port.js"
import type { Principal } from "../identity/principal.model.js"
import { BlobStore } from "../media/blob-store.port.js"
import { checkUpload, ContentTypes, ImageRule, type Upload } from "../media/file-type.model.js"
import { isUuid, requireOrganizerRole } from "../organizers/tenancy.policy.js"
import { AuditLog } from "../platform/audit-log.port.js"
import {
  BadgeInputInvalid,
  BadgeRequest,
  BadgeRequestNotFound,
  type BadgeRequestStatus,
  CreatorNotFound,
  type CreatorType,
  transitionBadgeRequest
} from "./badge-request.model.js"
import { BadgeRequestRepo } from "./badge-request.port.js"

/**
 * Checks that the caller may act for the creator: an OWNER/ADMIN of the organizer (403 otherwise,
 * also for unknown organizers so outsiders learn nothing); club creators are not found yet.
 */
export const authorizeCreator = Effect.fn("challenges.badgeRequests.authorizeCreator")(function*(
  principal: Principal,
  creatorType: CreatorType,
  creatorId: string
) {
  if (creatorType === "club") return yield* new CreatorNotFound({ creatorType, creatorId })
  // To a creator route an organizer that does not exist is a creator that does not exist.
  return yield* requireOrganizerRole(principal, creatorId, ["OWNER", "ADMIN"]).pipe(
    Effect.catchTag("OrganizerNotFound", () => new CreatorNotFound({ creatorType, creatorId }))
  )
})

export const BadgeRequestInput = BadgeRequest.pick("challengeId", "title", "description", "artworkNotes", "dueDate")
export interface BadgeRequestInput extends Schema.Schema.Type<typeof BadgeRequestInput> {}

/** A creator asks the platform for a badge design (status pending_admin_approval). */
export const requestBadge = Effect.fn("challenges.badgeRequests.request")(function*(
  principal: Principal,
  creatorType: CreatorType,
  creatorId: string,
  input: BadgeRequestInput
) {
  yield* authorizeCreator(principal, creatorType, creatorId)
  const created = yield* Effect.flatMap(BadgeRequestRepo, (r) =>
    r.create({
      ...input,
      creatorType,
      creatorId,
      requestedByKind: principal.accountKind,
      requestedById: principal.accountId
    }))
  yield* Effect.flatMap(AuditLog, (log) =>
    log.append({
      action: "challenges.badge_request.created",
      actor: { kind: principal.accountKind, id: principal.accountId },
      subject: { kind: "challenge_badge_request", id: created.id },
      data: { creatorType, creatorId }
    }))
  return created
})

/** The creator's own requests, newest first. */
export const listCreatorBadgeRequests = Effect.fn("challenges.badgeRequests.listOwn")(function*(
  principal: Principal,
  creatorType: CreatorType,
  creatorId: string
) {
  yield* authorizeCreator(principal, creatorType, creatorId)
  return yield* Effect.flatMap(BadgeRequestRepo, (r) => r.listByCreator(creatorType, creatorId))
})

export const listBadgeRequests = (status: BadgeRequestStatus | undefined) =>
  Effect.flatMap(BadgeRequestRepo, (r) => r.list({ status }))

export const getBadgeRequest = Effect.fn("challenges.badgeRequests.get")(function*(id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(BadgeRequestRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(found)) return yield* new BadgeRequestNotFound({ id })
  return found.value
})

export interface CreateBadgeInput {
  readonly name: string
  readonly description: string
  readonly criteria: string
  readonly imageUrl: string | null
  readonly image: Upload | undefined
}

/**
 * Completes a pending request by creating its badge (image by URL or uploaded through the blob
 * store). The upload is stored first and removed again if the request could not be completed.
 */
export const completeBadgeRequest = Effect.fn("challenges.badgeRequests.complete")(function*(
  admin: Principal,
  id: string,
  input: CreateBadgeInput
) {
  if (input.imageUrl === null && input.image === undefined) {
    return yield* new BadgeInputInvalid({ messages: ["imageUrl or image is required"] })
  }
  if (input.imageUrl !== null && input.image !== undefined) {
    return yield* new BadgeInputInvalid({ messages: ["give either imageUrl or image, not both"] })
  }
  let image: { readonly key: string; readonly contentType: string; readonly fileName: string; readonly size: number } | null = null
  if (input.image !== undefined) {
    const checked = checkUpload("image", input.image, ImageRule)
    if ("error" in checked) return yield* new BadgeInputInvalid({ messages: [checked.error] })
    // Refuse unknown or settled requests before any bytes are written.
    const current = yield* getBadgeRequest(id)
    const next = transitionBadgeRequest(current.status, "complete")
    if (Either.isLeft(next)) return yield* next.left
    const ext = checked.kind === "jpeg" ? "jpg" : checked.kind
    const key = `b/${yield* Effect.flatMap(SecureRandom, (r) => r.token(16))}.${ext}`
    const contentType = ContentTypes[checked.kind]
    yield* Effect.flatMap(BlobStore, (b) => b.put(key, input.image!.bytes, contentType))
    image = {
      key,
      contentType,
      fileName: input.image.fileName.replace(/[^\w.\- ]+/g, "_").slice(0, 200) || `badge.${ext}`,
      size: input.image.bytes.length
    }
  } else if (!isUuid(id)) {
    return yield* new BadgeRequestNotFound({ id })
  }
  const stored = image
  const completed = yield* Effect.flatMap(BadgeRequestRepo, (r) =>
    r.complete(id, {
      name: input.name,
      description: input.description,
      criteria: input.criteria,
      imageUrl: input.imageUrl,
      image: stored
    }, admin.accountId)).pipe(
      Effect.tapError(() => stored === null ? Effect.void : Effect.flatMap(BlobStore, (b) => b.remove(stored.key)))
    )
  yield* Effect.flatMap(AuditLog, (log) =>
    log.append({
      action: "challenges.badge_request.completed",
      actor: { kind: admin.accountKind, id: admin.accountId },
      subject: { kind: "challenge_badge_request", id },
      data: { badgeId: completed.badgeId, creatorType: completed.creatorType, creatorId: completed.creatorId }
    }))
  return completed
})

/** Rejects a pending request; the reason is stored and shown to the creator verbatim. */
export const rejectBadgeRequest = Effect.fn("challenges.badgeRequests.reject")(function*(admin: Principal, id: string, reason: string) {
  if (!isUuid(id)) return yield* new BadgeRequestNotFound({ id })
  const rejected = yield* Effect.flatMap(BadgeRequestRepo, (r) => r.reject(id, reason, admin.accountId))
  yield* Effect.flatMap(AuditLog, (log) =>
    log.append({
      action: "challenges.badge_request.rejected",
      actor: { kind: admin.accountKind, id: admin.accountId },
      subject: { kind: "challenge_badge_request", id },
      reason,
      data: { creatorType: rejected.creatorType, creatorId: rejected.creatorId }
    }))
  return rejected
})
