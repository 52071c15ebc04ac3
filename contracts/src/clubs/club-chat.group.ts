/**
 * Club chat and feed through the feed/chat provider (C "Clubs" `/messages`, `/posts`; B "Club chat").
 * Members read a channel's messages (`?channelId`, default #general; `?limit`, `?before` a message
 * id); anyone who may see the club reads its posts; admins with `clubs.review` read any club's
 * channels, delete messages (audited) and see the latest activity across clubs. 503
 * FEED_CHAT_NOT_CONFIGURED without a provider.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { IntFromText, Optional, Query, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, ClubMembers, op, OptionalAuthenticated, PageParams, Requires } from "../common/index.js"

export const ChatMessageView = Schema.Struct({
  id: Schema.String,
  channelId: Schema.String,
  userId: Schema.String,
  text: Schema.String,
  createdAt: Schema.Date
}).annotations({ identifier: "ClubChatMessage" })

const MessagesPage = Schema.Struct({
  channelId: Schema.String,
  channelName: Schema.String,
  items: Schema.Array(ChatMessageView),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextBefore: Schema.NullOr(Schema.String)
})

const MessagesParams = Query({ channelId: Optional(UuidStr), limit: Optional(IntFromText(1, 100)), before: Optional(StrLength(1, 128)) })

const PostView = Schema.Struct({ id: Schema.String, actor: Schema.String, verb: Schema.String, text: Schema.NullOr(Schema.String), createdAt: Schema.Date }).annotations({ identifier: "ClubPost" })

export class ClubChatGroup extends HttpApiGroup.make("clubChat")
  .add(op.get("clubMessages", "/v2/clubs/:id/messages", { path: Schema.Struct({ id: Schema.String }), query: MessagesParams, ok: MessagesPage, summary: "Messages of a club channel, newest first (members; default #general)" }).middleware(ClubMembers))
  .add(op.get("clubPosts", "/v2/clubs/:id/posts", { path: Schema.Struct({ id: Schema.String }), query: Query(PageParams), ok: Schema.Struct({ items: Schema.Array(PostView), page: Schema.Number, limit: Schema.Number }), summary: "The club's feed posts, newest first" }).middleware(OptionalAuthenticated))
  .annotate(OpenApi.Title, "Club chat and feed")
{}

export class AdminClubChatGroup extends HttpApiGroup.make("adminClubChat")
  .add(op.get("adminClubMessages", "/v2/admin/clubs/:clubId/chat/messages", { path: Schema.Struct({ clubId: UuidStr }), query: MessagesParams, ok: MessagesPage, summary: "Messages of a club channel (default #general), newest first" }).middleware(Authenticated))
  .add(op.del("adminDeleteClubMessage", "/v2/admin/clubs/:clubId/chat/messages/:msgId", { path: Schema.Struct({ clubId: UuidStr, msgId: StrLength(1, 128) }), ok: ChatMessageView, summary: "Delete a message of one of the club's channels (audited; 404 for another club's message)" }).middleware(Authenticated))
  .add(op.get("adminClubChatActivity", "/v2/admin/clubs/chat/recent-activity", { query: Query({ limit: Optional(IntFromText(1, 100)) }), ok: Schema.Array(Schema.Struct({
        clubId: Schema.NullOr(Schema.String),
        channelId: Schema.String,
        channelName: Schema.NullOr(Schema.String),
        lastMessageAt: Schema.NullOr(Schema.Date),
        lastMessage: Schema.NullOr(ChatMessageView)
      })), summary: "Club channels by latest message across all clubs" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("clubs.review"))
  .annotate(OpenApi.Title, "Club chat moderation (admin)")
{}
