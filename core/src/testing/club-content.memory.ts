/** Memory twins of the club channel and announcement repositories. */
import { Effect, Layer, Option } from "effect"
import { type AnnouncementBlast, type ClubAnnouncement, type ClubChannel, ClubChannelNameTaken, GeneralChannelName } from "../clubs/content.model.js"
import { ClubAnnouncementRepo, ClubChannelRepo } from "../clubs/content.port.js"
import { nextMemoryId } from "./sequential-id.js"

export const ClubChannelRepoMemory = Layer.sync(ClubChannelRepo, () => {
  const channels = new Map<string, ClubChannel>()
  const taken = (clubId: string, name: string, except?: string) =>
    [...channels.values()].some((c) => c.clubId === clubId && c.name.toLowerCase() === name.toLowerCase() && c.id !== except)
  const create = (input: { readonly clubId: string; readonly name: string; readonly topic: string | null; readonly staffOnly: boolean; readonly createdBy: string | null }) => {
    const now = new Date()
    const channel: ClubChannel = { id: nextMemoryId(), ...input, archived: false, createdAt: now, updatedAt: now }
    channels.set(channel.id, channel)
    return channel
  }
  return ClubChannelRepo.of({
    ensureGeneral: (clubId) =>
      Effect.sync(() => {
        if (!taken(clubId, GeneralChannelName)) create({ clubId, name: GeneralChannelName, topic: "Everything about the club", staffOnly: false, createdBy: null })
      }),
    create: (input) => Effect.suspend(() => taken(input.clubId, input.name) ? Effect.fail(new ClubChannelNameTaken({ name: input.name })) : Effect.succeed(create(input))),
    findById: (id) => Effect.sync(() => Option.fromNullable(channels.get(id))),
    list: (clubId, includeArchived) =>
      Effect.sync(() =>
        [...channels.values()]
          .filter((c) => c.clubId === clubId && (includeArchived || !c.archived))
          .sort((a, b) => Number(b.name === GeneralChannelName) - Number(a.name === GeneralChannelName) || a.name.localeCompare(b.name))
      ),
    update: (id, patch) =>
      Effect.suspend(() => {
        const channel = channels.get(id)
        if (channel === undefined) return Effect.succeed(Option.none())
        if (patch.name !== undefined && taken(channel.clubId, patch.name, id)) return Effect.fail(new ClubChannelNameTaken({ name: patch.name }))
        const next = { ...channel, ...patch, updatedAt: new Date() }
        channels.set(id, next)
        return Effect.succeed(Option.some(next))
      }),
    archive: (id) =>
      Effect.sync(() => {
        const channel = channels.get(id)
        if (channel === undefined) return Option.none()
        const next = { ...channel, archived: true, updatedAt: new Date() }
        channels.set(id, next)
        return Option.some(next)
      })
  })
})

export const ClubAnnouncementRepoMemory = Layer.sync(ClubAnnouncementRepo, () => {
  const announcements = new Map<string, ClubAnnouncement>()
  const blasts = new Map<string, AnnouncementBlast>()
  return ClubAnnouncementRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const now = new Date()
        const announcement: ClubAnnouncement = { id: nextMemoryId(), ...input, createdAt: now, updatedAt: now }
        announcements.set(announcement.id, announcement)
        return announcement
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(announcements.get(id))),
    list: (clubId, page) =>
      Effect.sync(() => {
        const items = [...announcements.values()]
          .filter((a) => a.clubId === clubId)
          .sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.createdAt.getTime() - a.createdAt.getTime())
        return { items: items.slice(page.offset, page.offset + page.limit), total: items.length }
      }),
    remove: (id) => Effect.sync(() => announcements.delete(id)),
    findBlast: (id) => Effect.sync(() => Option.fromNullable(blasts.get(id))),
    recordBlast: (blast) =>
      Effect.sync(() => {
        if (blasts.has(blast.announcementId)) return false
        blasts.set(blast.announcementId, { ...blast, createdAt: new Date() })
        return true
      })
  })
})
