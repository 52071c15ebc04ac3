/**
 * Club event attachments (C "Club admin"; states.tsv "Club event attachment") and club reports
 * (B "Clubs" moderation-reports).
 *
 *   (none) ──attach──▶ REQUESTED ──approve──▶ ATTACHED ──detach──▶ DETACHED
 *                          │  └──reject──▶ REJECTED                    │
 *                          └──detach──▶ DETACHED    REJECTED/DETACHED ──attach──▶ REQUESTED
 *
 * The attach request emits `club.event_attach.requested` ("a club requests to attach to an organizer
 * event", A): the event belongs to its organizer, so the organizer decides. A club may also withdraw
 * a pending request (detach from REQUESTED): an organizer should not approve what the club no
 * longer wants. One attachment row per club and event, reused when asked again.
 */
import { type ClubEventAttachmentStatus, DomainError, defineMoves } from "@podium/kernel"
import { Schema } from "effect"

export { ClubEventAttachment, ClubEventAttachmentStatus, ClubReport, ClubReportCategory, ClubReportStatus } from "@podium/kernel"

export const ClubEventAttachmentMoves = defineMoves<ClubEventAttachmentStatus>()({ machine: "club event attachment", code: "CLUB_EVENT_ATTACHMENT_MOVE_REFUSED" }, {
  request: { from: ["REJECTED", "DETACHED"], to: "REQUESTED" },
  approve: { from: ["REQUESTED"], to: "ATTACHED" },
  reject: { from: ["REQUESTED"], to: "REJECTED" },
  detach: { from: ["REQUESTED", "ATTACHED"], to: "DETACHED" }
})
export type ClubEventAttachmentMove = keyof typeof ClubEventAttachmentMoves.table

/** The statuses that hold an event for the club (it is not discoverable again while one holds it). */
export const OpenAttachmentStatuses: ReadonlyArray<ClubEventAttachmentStatus> = ["REQUESTED", "ATTACHED"]

/**
 * The spec sets no bound; a club holding hundreds of pending or live attachments is a spam
 * pattern, and the discoverable list excludes the open ones by id, so the count is capped.
 */
export const MaxOpenAttachments = 200

export class ClubEventAttachmentNotFound extends DomainError<ClubEventAttachmentNotFound>()("ClubEventAttachmentNotFound", { kind: "not-found", code: "CLUB_EVENT_ATTACHMENT_NOT_FOUND" }, { attachmentId: Schema.String }) {
  override get message() {
    return "Event attachment not found"
  }
}

/** The event has ended: nothing left to promote to the club (409). */
export class ClubEventEnded extends DomainError<ClubEventEnded>()("ClubEventEnded", { kind: "conflict", code: "CLUB_EVENT_ENDED" }, { eventId: Schema.String }) {
  override get message() {
    return "The event has already ended"
  }
}

export class ClubEventAttachmentLimitReached extends DomainError<ClubEventAttachmentLimitReached>()("ClubEventAttachmentLimitReached", { kind: "conflict", code: "CLUB_EVENT_ATTACHMENT_LIMIT_REACHED" }, { limit: Schema.Number }) {
  override get message() {
    return `A club can hold at most ${this.limit} requested or attached events`
  }
}

/** The reporter already has an OPEN report about this club (409). */
export class ClubReportAlreadyOpen extends DomainError<ClubReportAlreadyOpen>()("ClubReportAlreadyOpen", { kind: "conflict", code: "CLUB_REPORT_ALREADY_OPEN" }, { clubId: Schema.String }) {
  override get message() {
    return "You already have an open report about this club"
  }
}

/** Reports come from athletes (an organizer, sponsor or admin account acts for others). */
export class ClubReportNotAllowed extends DomainError<ClubReportNotAllowed>()("ClubReportNotAllowed", { kind: "forbidden", code: "CLUB_REPORT_NOT_ALLOWED" }, { reason: Schema.String }) {
  override get message() {
    return this.reason
  }
}
