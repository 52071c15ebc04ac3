/**
 * A club's event attachments (C "Club admin": discoverable-events, events/{eventId}/attach,
 * event-attachments) and the reports athletes file about a club (B "Clubs": moderation-reports).
 */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { OneOf, StrLength, UuidStr } from "../validation.js"

/**
 * REQUESTED until the event's organizer decides (ATTACHED or REJECTED); ATTACHED and REQUESTED end
 * DETACHED when the club lets go. A REJECTED or DETACHED attachment may be requested again.
 */
export const ClubEventAttachmentStatus = OneOf("REQUESTED", "ATTACHED", "REJECTED", "DETACHED")
export type ClubEventAttachmentStatus = typeof ClubEventAttachmentStatus.Type

export const ClubEventAttachment = Schema.Struct({
  id: UuidStr,
  clubId: Schema.String,
  eventId: UuidStr,
  organizerId: Schema.String,
  status: ClubEventAttachmentStatus,
  /** The club manager (account id) who asked last. */
  requestedBy: Schema.String,
  requestedAt: Instant,
  /** The organizer's decision: who (`organizer:<memberId>` or `admin:<accountId>`), when, and a rejection's reason. */
  decidedBy: Schema.NullOr(Schema.String),
  decidedAt: Schema.NullOr(Instant),
  rejectionReason: Schema.NullOr(Schema.String),
  detachedBy: Schema.NullOr(Schema.String),
  detachedAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "ClubEventAttachment" })
export interface ClubEventAttachment extends Schema.Schema.Type<typeof ClubEventAttachment> {}

export const ClubReportCategory = OneOf("SPAM", "HARASSMENT", "HATE_SPEECH", "INAPPROPRIATE_CONTENT", "SCAM_OR_FRAUD", "IMPERSONATION", "OTHER")
export type ClubReportCategory = typeof ClubReportCategory.Type

/** OPEN until the platform's moderation closes it (resolution lives with the admin reports queue). */
export const ClubReportStatus = OneOf("OPEN", "RESOLVED", "DISMISSED")
export type ClubReportStatus = typeof ClubReportStatus.Type

export const ClubReport = Schema.Struct({
  id: UuidStr,
  clubId: Schema.String,
  reporterId: Schema.String,
  category: ClubReportCategory,
  text: StrLength(10, 2000),
  status: ClubReportStatus,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "ClubReport" })
export interface ClubReport extends Schema.Schema.Type<typeof ClubReport> {}
