/**
 * Club channels, announcements and the announcement email blast. Channel and announcement writes
 * are audited through `auditClub`; the blast is recorded and its e-mails queued in one unit of
 * work, so a blast happens at most once per announcement even when two managers press send at once.
 */
import { Effect, Option } from "effect"
import { UserRepo } from "../accounts/account.port.js"
import type { Principal } from "../identity/principal.model.js"
import { OutboxRepo, RetryPolicyRepo } from "../notifications/outbox.port.js"
import type { OutboxStatus } from "../notifications/outbox.model.js"
import { Transactor } from "../platform/transactor.port.js"
import { ClubNotFound } from "./club.model.js"
import { ClubMemberRepo, ClubRepo } from "./club.port.js"
import { auditClub, getClub } from "./club.use-case.js"
import {
  AnnouncementAlreadyBlasted,
  ClubAnnouncementNotFound,
  ClubChannelNotFound,
  ClubEventsDisabled,
  GeneralChannelName,
  GeneralChannelProtected
} from "./content.model.js"
import { ClubAnnouncementRepo, ClubChannelRepo } from "./content.port.js"

// --- channels -------------------------------------------------------------------------------

export const listChannels = Effect.fn("clubs.channels.list")(function*(clubId: string, includeArchived: boolean) {
  const channels = yield* ClubChannelRepo
  yield* channels.ensureGeneral(clubId)
  return yield* channels.list(clubId, includeArchived)
})

export const createChannel = Effect.fn("clubs.channels.create")(function*(
  principal: Principal,
  clubId: string,
  input: { readonly name: string; readonly topic?: string | undefined; readonly staffOnly?: boolean | undefined }
) {
  const channels = yield* ClubChannelRepo
  yield* channels.ensureGeneral(clubId)
  const channel = yield* channels.create({ clubId, name: input.name, topic: input.topic ?? null, staffOnly: input.staffOnly ?? false, createdBy: principal.accountId })
  yield* auditClub("club.channel.created", principal, clubId, { data: { channelId: channel.id, name: channel.name } })
  return channel
})

const channelOfClub = (clubId: string, channelId: string) =>
  Effect.gen(function*() {
    const channel = yield* Effect.flatMap(ClubChannelRepo, (r) => r.findById(channelId))
    if (Option.isNone(channel) || channel.value.clubId !== clubId) return yield* new ClubChannelNotFound({ channelId })
    return channel.value
  })

export const updateChannel = Effect.fn("clubs.channels.update")(function*(
  principal: Principal,
  clubId: string,
  channelId: string,
  patch: { readonly name?: string | undefined; readonly topic?: string | null | undefined; readonly staffOnly?: boolean | undefined }
) {
  const channel = yield* channelOfClub(clubId, channelId)
  if (channel.name === GeneralChannelName && patch.name !== undefined && patch.name !== GeneralChannelName) return yield* new GeneralChannelProtected()
  const updated = yield* Effect.flatMap(ClubChannelRepo, (r) =>
    r.update(channelId, {
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.topic === undefined ? {} : { topic: patch.topic }),
      ...(patch.staffOnly === undefined ? {} : { staffOnly: patch.staffOnly })
    }))
  yield* auditClub("club.channel.updated", principal, clubId, { data: { channelId } })
  return Option.getOrElse(updated, () => channel)
})

export const archiveChannel = Effect.fn("clubs.channels.archive")(function*(principal: Principal, clubId: string, channelId: string) {
  const channel = yield* channelOfClub(clubId, channelId)
  if (channel.name === GeneralChannelName) return yield* new GeneralChannelProtected()
  const archived = yield* Effect.flatMap(ClubChannelRepo, (r) => r.archive(channelId))
  yield* auditClub("club.channel.archived", principal, clubId, { data: { channelId } })
  return Option.getOrElse(archived, () => channel)
})

// --- announcements --------------------------------------------------------------------------

export interface AnnouncementInput {
  readonly title: string
  readonly body: string
  readonly pinned?: boolean | undefined
}

export const postAnnouncement = Effect.fn("clubs.announcements.post")(function*(principal: Principal, clubId: string, input: AnnouncementInput) {
  const club = yield* Effect.flatMap(ClubRepo, (r) => r.findById(clubId))
  if (Option.isNone(club)) return yield* new ClubNotFound({ ref: clubId })
  const announcement = yield* Effect.flatMap(ClubAnnouncementRepo, (r) =>
    r.create({ clubId, title: input.title.trim(), body: input.body, pinned: input.pinned ?? false, authorKind: principal.accountKind, authorId: principal.accountId }))
  yield* auditClub("club.announcement.posted", principal, clubId, { data: { announcementId: announcement.id } })
  return announcement
})

/** A club's announcements as the caller may see the club. */
export const clubAnnouncements = Effect.fn("clubs.announcements.list")(function*(
  principal: Principal | undefined,
  clubId: string,
  page: { readonly limit: number; readonly page: number }
) {
  const club = yield* getClub(principal, clubId)
  return yield* announcementsPage(club.id, page)
})

export const announcementsPage = (clubId: string, page: { readonly limit: number; readonly page: number }) =>
  Effect.map(
    Effect.flatMap(ClubAnnouncementRepo, (r) => r.list(clubId, { limit: page.limit, offset: (page.page - 1) * page.limit })),
    (found) => ({ ...found, page: page.page, limit: page.limit })
  )

export const deleteAnnouncement = Effect.fn("clubs.announcements.delete")(function*(principal: Principal, announcementId: string) {
  const announcement = yield* Effect.flatMap(ClubAnnouncementRepo, (r) => r.findById(announcementId))
  if (Option.isNone(announcement) || !(yield* Effect.flatMap(ClubAnnouncementRepo, (r) => r.remove(announcementId)))) {
    return yield* new ClubAnnouncementNotFound({ announcementId })
  }
  yield* auditClub("club.announcement.deleted", principal, announcement.value.clubId, { data: { announcementId } })
  return announcement.value
})

const announcementOfClub = (clubId: string, announcementId: string) =>
  Effect.gen(function*() {
    const announcement = yield* Effect.flatMap(ClubAnnouncementRepo, (r) => r.findById(announcementId))
    if (Option.isNone(announcement) || announcement.value.clubId !== clubId) return yield* new ClubAnnouncementNotFound({ announcementId })
    return announcement.value
  })

// --- email blast ----------------------------------------------------------------------------

const blastProducer = (announcementId: string) => `clubs.announcement-blast:${announcementId}`
const BlastStatuses: ReadonlyArray<OutboxStatus> = ["PENDING", "PROCESSING", "SENT", "FAILED", "DEAD"]

/** The blast of an announcement and its delivery counts (from the outbox); `sent: false` before any blast. */
export const blastStatus = Effect.fn("clubs.announcements.blastStatus")(function*(clubId: string, announcementId: string) {
  yield* announcementOfClub(clubId, announcementId)
  const blast = yield* Effect.flatMap(ClubAnnouncementRepo, (r) => r.findBlast(announcementId))
  if (Option.isNone(blast)) return { announcementId, sent: false as const, blast: null, deliveries: null }
  const outbox = yield* OutboxRepo
  const counts = yield* Effect.forEach(BlastStatuses, (status) =>
    Effect.map(outbox.list({ producer: blastProducer(announcementId), status, limit: 1, offset: 0 }), (page) => [status, page.total] as const))
  return { announcementId, sent: true as const, blast: blast.value, deliveries: Object.fromEntries(counts) as Record<OutboxStatus, number> }
})

/** Page size when walking a club's members for a blast. */
const BlastPage = 500

/**
 * E-mails the announcement to every ACTIVE member with an e-mail address, once: the blast record and
 * every outbox row are written in one unit of work, so a second send (or a concurrent one) answers
 * 409 ANNOUNCEMENT_ALREADY_BLASTED and queues nothing.
 */
export const sendBlast = Effect.fn("clubs.announcements.sendBlast")(function*(principal: Principal, clubId: string, announcementId: string) {
  const announcement = yield* announcementOfClub(clubId, announcementId)
  const club = Option.getOrThrow(yield* Effect.flatMap(ClubRepo, (r) => r.findById(clubId)))
  const members = yield* ClubMemberRepo
  const users = yield* UserRepo
  const outbox = yield* OutboxRepo
  const policy = yield* Effect.flatMap(RetryPolicyRepo, (r) => r.get("EMAIL"))
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const recipients: Array<{ readonly userId: string; readonly email: string }> = []
    let skipped = 0
    for (let offset = 0; ; offset += BlastPage) {
      const page = yield* members.list(clubId, { status: "ACTIVE", limit: BlastPage, offset })
      for (const member of page.items) {
        const user = yield* users.findById(member.userId)
        const email = Option.flatMap(user, (u) => Option.fromNullable(u.email))
        if (Option.isSome(email)) recipients.push({ userId: member.userId, email: email.value })
        else skipped++
      }
      if (page.items.length < BlastPage) break
    }
    const recorded = yield* Effect.flatMap(ClubAnnouncementRepo, (r) =>
      r.recordBlast({ announcementId, clubId, recipients: recipients.length, skippedWithoutEmail: skipped, requestedBy: principal.accountId }))
    if (!recorded) return yield* new AnnouncementAlreadyBlasted({ announcementId })
    yield* outbox.enqueueMany(recipients.map((r) => ({
      channel: "EMAIL" as const,
      recipient: r.email,
      userId: r.userId,
      subject: `${club.name}: ${announcement.title}`,
      body: `${announcement.body}\n\n— ${club.name} on Podium`,
      category: "clubs",
      producer: blastProducer(announcementId),
      maxAttempts: policy.maxAttempts
    })))
    yield* auditClub("club.announcement.blasted", principal, clubId, { data: { announcementId, recipients: recipients.length, skipped } })
    return { announcementId, recipients: recipients.length, skippedWithoutEmail: skipped }
  }))
})

// --- club events ----------------------------------------------------------------------------

/** C "Club event creation": disabled at launch. */
export const createClubEvent = Effect.fn("clubs.events.create")(function*() {
  return yield* new ClubEventsDisabled()
})
