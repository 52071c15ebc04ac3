/**
 * Club chat and feed reads and moderation through the feed/chat provider (C "Clubs" messages and
 * posts; B "Club chat"). A club's chat channels are the provider channels of its club channels
 * (`Platform.clubChatChannel(channelId)`), #general by default; its posts are the feed `club:<id>`.
 * A message id that is not in one of the named club's channels answers 404, so a moderator of one
 * club's view never deletes another club's message through it.
 */
import { DomainError } from "@podium/kernel"
import { Effect, Option, Schema } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { clubChatChannel, clubFeed, FeedChat } from "../platform/feed-chat.port.js"
import { auditClub, getClub } from "./club.use-case.js"
import { ClubChannelNotFound, GeneralChannelName } from "./content.model.js"
import { ClubChannelRepo } from "./content.port.js"

export class ClubChatMessageNotFound extends DomainError<ClubChatMessageNotFound>()("ClubChatMessageNotFound", { kind: "not-found", code: "CLUB_CHAT_MESSAGE_NOT_FOUND" }, { messageId: Schema.String }) {
  override get message() {
    return "Message not found"
  }
}

/** The club channel `channelId` (default #general), which must belong to the club. */
const channelOf = (clubId: string, channelId: string | undefined) =>
  Effect.gen(function*() {
    const channels = yield* ClubChannelRepo
    if (channelId === undefined) {
      yield* channels.ensureGeneral(clubId)
      const general = (yield* channels.list(clubId, true)).find((c) => c.name === GeneralChannelName)
      if (general === undefined) return yield* new ClubChannelNotFound({ channelId: GeneralChannelName })
      return general
    }
    const channel = yield* channels.findById(channelId)
    if (Option.isNone(channel) || channel.value.clubId !== clubId) return yield* new ClubChannelNotFound({ channelId })
    return channel.value
  })

/** Messages of one of the club's channels, newest first (`before`: a message id). */
export const clubMessages = Effect.fn("clubs.chat.messages")(function*(
  clubId: string,
  input: { readonly channelId?: string | undefined; readonly limit: number; readonly before?: string | undefined }
) {
  const channel = yield* channelOf(clubId, input.channelId)
  const messages = yield* Effect.flatMap(FeedChat, (f) =>
    f.channelMessages(clubChatChannel(channel.id), { limit: input.limit, ...(input.before === undefined ? {} : { before: input.before }) }))
  return { channel, messages, nextBefore: messages.length === input.limit ? messages.at(-1)!.id : null }
})

/** The club's feed posts, newest first, as the caller may see the club. */
export const clubPosts = Effect.fn("clubs.chat.posts")(function*(principal: Principal | undefined, clubId: string, page: { readonly limit: number; readonly page: number }) {
  const club = yield* getClub(principal, clubId)
  const posts = yield* Effect.flatMap(FeedChat, (f) => f.feedPosts(clubFeed(club.id), { limit: page.limit, offset: (page.page - 1) * page.limit }))
  return { items: posts, page: page.page, limit: page.limit }
})

/** Moderation: hard-deletes a message of one of the club's channels (audited). */
export const deleteClubMessage = Effect.fn("clubs.chat.deleteMessage")(function*(admin: Principal, clubId: string, messageId: string) {
  const feedChat = yield* FeedChat
  const message = yield* feedChat.getMessage(messageId)
  if (Option.isNone(message) || message.value.channel.type !== "club") return yield* new ClubChatMessageNotFound({ messageId })
  const channel = yield* Effect.flatMap(ClubChannelRepo, (r) => r.findById(message.value.channel.id))
  if (Option.isNone(channel) || channel.value.clubId !== clubId) return yield* new ClubChatMessageNotFound({ messageId })
  if (!(yield* feedChat.deleteMessage(messageId))) return yield* new ClubChatMessageNotFound({ messageId })
  yield* auditClub("club.chat.message_deleted", admin, clubId, { data: { messageId, channelId: channel.value.id, authorId: message.value.userId } })
  return message.value
})

/** Club channels with the latest messages across every club, newest first. */
export const clubChatActivity = Effect.fn("clubs.chat.activity")(function*(limit: number) {
  const activity = yield* Effect.flatMap(FeedChat, (f) => f.recentActivity("club", limit))
  const channels = yield* ClubChannelRepo
  return yield* Effect.forEach(activity, (a) =>
    Effect.map(channels.findById(a.channel.id), (channel) => ({
      clubId: Option.match(channel, { onNone: () => null, onSome: (c) => c.clubId }),
      channelId: a.channel.id,
      channelName: Option.match(channel, { onNone: () => null, onSome: (c) => c.name }),
      lastMessageAt: a.lastMessageAt,
      lastMessage: a.lastMessage
    })))
})
