/** Club channels, announcements and announcement blasts (Postgres adapters in @podium/postgres, memory twins in @podium/core/testing). */
import { Context, type Effect, type Option } from "effect"
import type { AnnouncementBlast, ClubAnnouncement, ClubChannel, ClubChannelNameTaken } from "./content.model.js"

export class ClubChannelRepo extends Context.Tag("@podium/core/clubs/ClubChannelRepo")<ClubChannelRepo, {
  /** Creates `#general` unless the club has it (idempotent). */
  readonly ensureGeneral: (clubId: string) => Effect.Effect<void>
  readonly create: (input: { readonly clubId: string; readonly name: string; readonly topic: string | null; readonly staffOnly: boolean; readonly createdBy: string | null }) => Effect.Effect<ClubChannel, ClubChannelNameTaken>
  readonly findById: (channelId: string) => Effect.Effect<Option.Option<ClubChannel>>
  /** `#general` first, then by name; archived ones only when asked. */
  readonly list: (clubId: string, includeArchived: boolean) => Effect.Effect<ReadonlyArray<ClubChannel>>
  readonly update: (channelId: string, patch: { readonly name?: string; readonly topic?: string | null; readonly staffOnly?: boolean }) => Effect.Effect<Option.Option<ClubChannel>, ClubChannelNameTaken>
  /** Archives (idempotent); none when the channel does not exist. */
  readonly archive: (channelId: string) => Effect.Effect<Option.Option<ClubChannel>>
}>() {}

export class ClubAnnouncementRepo extends Context.Tag("@podium/core/clubs/ClubAnnouncementRepo")<ClubAnnouncementRepo, {
  readonly create: (input: Omit<ClubAnnouncement, "id" | "createdAt" | "updatedAt">) => Effect.Effect<ClubAnnouncement>
  readonly findById: (announcementId: string) => Effect.Effect<Option.Option<ClubAnnouncement>>
  /** Pinned first, then newest first; deleted ones never. */
  readonly list: (clubId: string, page: { readonly limit: number; readonly offset: number }) => Effect.Effect<{ readonly items: ReadonlyArray<ClubAnnouncement>; readonly total: number }>
  /** Soft delete; false when it did not exist. */
  readonly remove: (announcementId: string) => Effect.Effect<boolean>
  readonly findBlast: (announcementId: string) => Effect.Effect<Option.Option<AnnouncementBlast>>
  /** Records the blast once: false when one exists already (the caller lost the race). */
  readonly recordBlast: (blast: Omit<AnnouncementBlast, "createdAt">) => Effect.Effect<boolean>
}>() {}
