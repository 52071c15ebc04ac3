/**
 * Club channels and announcements (document C "Club channels", "Clubs" announcements, "Club admin"
 * email blast; B "Clubs" announcements).
 *
 * Channels are the chat rooms of a club: their metadata lives here (name, topic, who may post,
 * archived); the messages themselves live in the chat provider (see the feed/chat integration).
 * Every club has `#general`, created with the club, which cannot be archived (C).
 *
 * Announcements are written by club managers (an addition to the catalog: the club admin email
 * blast presumes announcements the club writes) or by platform admins (B); athletes read them on
 * the club. An email blast sends one announcement to every ACTIVE member with an e-mail address
 * through the notifications outbox, once per announcement; its status counts the outbox rows.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"
/** Records shared with the contracts are declared in the kernel. */
export { ClubChannel, ClubAnnouncement } from "@podium/kernel"

export const GeneralChannelName = "general"

export const AnnouncementBlast = Schema.Struct({
  announcementId: Schema.String,
  clubId: Schema.String,
  recipients: Schema.Number,
  skippedWithoutEmail: Schema.Number,
  requestedBy: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromSelf
})
export interface AnnouncementBlast extends Schema.Schema.Type<typeof AnnouncementBlast> {}

export class ClubChannelNotFound extends DomainError<ClubChannelNotFound>()("ClubChannelNotFound", { kind: "not-found", code: "CLUB_CHANNEL_NOT_FOUND" }, { channelId: Schema.String }) {
  override get message() {
    return "Channel not found"
  }
}

export class ClubChannelNameTaken extends DomainError<ClubChannelNameTaken>()("ClubChannelNameTaken", { kind: "conflict", code: "CLUB_CHANNEL_NAME_TAKEN" }, { name: Schema.String }) {
  override get message() {
    return `The club already has a channel #${this.name}`
  }
}

/** `#general` cannot be archived or renamed (409). */
export class GeneralChannelProtected extends DomainError<GeneralChannelProtected>()("GeneralChannelProtected", { kind: "conflict", code: "GENERAL_CHANNEL_PROTECTED" }) {
  override get message() {
    return "#general cannot be archived or renamed"
  }
}

export class ClubAnnouncementNotFound extends DomainError<ClubAnnouncementNotFound>()("ClubAnnouncementNotFound", { kind: "not-found", code: "CLUB_ANNOUNCEMENT_NOT_FOUND" }, { announcementId: Schema.String }) {
  override get message() {
    return "Announcement not found"
  }
}

/** A second email blast of one announcement (409): a blast is sent once. */
export class AnnouncementAlreadyBlasted extends DomainError<AnnouncementAlreadyBlasted>()("AnnouncementAlreadyBlasted", { kind: "conflict", code: "ANNOUNCEMENT_ALREADY_BLASTED" }, { announcementId: Schema.String }) {
  override get message() {
    return "This announcement was already e-mailed to the club"
  }
}

/** Club events cannot be created at launch (C "Club event creation": disabled at launch). */
export class ClubEventsDisabled extends DomainError<ClubEventsDisabled>()("ClubEventsDisabled", { kind: "unavailable", code: "CLUB_EVENT_CREATION_DISABLED" }) {
  override get message() {
    return "Club event creation is disabled at launch"
  }
}
