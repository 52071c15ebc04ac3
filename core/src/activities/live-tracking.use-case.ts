/**
 * Live tracking: an athlete shares their live position with up to 5 recipients per share, with at
 * most 3 active shares and 20 invites per 24 hours. Each recipient gets a random access token,
 * shown once at creation and stored only as its keyed hash; cancelling a share revokes every token
 * in the same transaction, so a recipient's next read after the cancel sees the share stopped.
 */
import type { LiveShare, LiveShareRecipient } from "@podium/kernel"
import { Effect, Option } from "effect"
import { Hmac, SecureRandom } from "../identity/crypto.port.js"
import type { Principal } from "../identity/principal.model.js"
import { ActivityInputInvalid, LiveShareNotFound, LiveTrackingLimits, isUuid } from "./activity.model.js"
import { LiveShareRepo, type NewRecipient } from "./activity.port.js"
import { ownActivity } from "./activity.use-case.js"

const TokenPurpose = "activities.live-share"

export interface ShareInput {
  readonly activityId?: string | undefined
  readonly durationMinutes?: number | undefined
  readonly recipients: ReadonlyArray<{ readonly name?: string | undefined; readonly phone?: string | undefined; readonly email?: string | undefined }>
}

export const createLiveShare = Effect.fn("liveTracking.create")(function*(principal: Principal, input: ShareInput) {
  const problems: Array<string> = []
  input.recipients.forEach((r, i) => {
    if ((r.phone === undefined) === (r.email === undefined)) problems.push(`recipients.${i} must have exactly one of phone or email`)
  })
  if (problems.length > 0) return yield* new ActivityInputInvalid({ messages: problems })
  if (input.activityId !== undefined) yield* ownActivity(principal, input.activityId)
  const random = yield* SecureRandom
  const hmac = yield* Hmac
  const tokens: Array<string> = []
  const recipients: Array<NewRecipient> = []
  for (const r of input.recipients) {
    const token = yield* random.token(24)
    tokens.push(token)
    recipients.push({
      name: r.name ?? null,
      channel: r.phone !== undefined ? "sms" : "email",
      contact: r.phone ?? r.email!,
      tokenHash: yield* hmac.digest(TokenPurpose, token)
    })
  }
  const expiresAt = new Date(Date.now() + (input.durationMinutes ?? 240) * 60_000)
  const created = yield* Effect.flatMap(LiveShareRepo, (repo) =>
    repo.create(principal.accountId, { activityId: input.activityId ?? null, expiresAt, recipients }, {
      activeShares: LiveTrackingLimits.activeSharesPerAthlete,
      invitesPerDay: LiveTrackingLimits.invitesPerDay
    }))
  return {
    ...created.share,
    // The plain tokens exist only in this answer: the athlete hands each link to its recipient.
    recipients: created.recipients.map((r, i) => ({ ...r, accessToken: tokens[i]! }))
  }
})

const ownShare = Effect.fn("liveTracking.ownShare")(function*(principal: Principal, shareId: string) {
  const found = isUuid(shareId) ? yield* Effect.flatMap(LiveShareRepo, (r) => r.findById(shareId)) : Option.none()
  if (Option.isNone(found) || found.value.userId !== principal.accountId) return yield* new LiveShareNotFound({ id: shareId })
  return found.value
})

export const cancelLiveShare = Effect.fn("liveTracking.cancel")(function*(principal: Principal, shareId: string) {
  yield* ownShare(principal, shareId)
  return yield* Effect.flatMap(LiveShareRepo, (r) => r.cancel(shareId))
})

export const liveShareRecipients = Effect.fn("liveTracking.recipients")(function*(principal: Principal, shareId: string) {
  yield* ownShare(principal, shareId)
  return yield* Effect.flatMap(LiveShareRepo, (r) => r.recipients(shareId))
})

export const activeLiveShares = (principal: Principal) =>
  Effect.map(
    Effect.flatMap(LiveShareRepo, (r) => r.listActive(principal.accountId)),
    (rows) => rows.map((row): LiveShare & { readonly recipients: ReadonlyArray<LiveShareRecipient> } => ({ ...row.share, recipients: row.recipients }))
  )

/** What a recipient's token opens: the share while it is active, else nothing (stopped, revoked or expired). */
export const openLiveShare = Effect.fn("liveTracking.open")(function*(token: string) {
  const hash = yield* Effect.flatMap(Hmac, (h) => h.digest(TokenPurpose, token))
  return yield* Effect.flatMap(LiveShareRepo, (r) => r.openByTokenHash(hash))
})
