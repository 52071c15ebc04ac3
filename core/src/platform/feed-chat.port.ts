/**
 * The feed/chat provider (A 4.2): the social feed and chat rooms live in an external provider
 * (a Stream-compatible service); the platform issues each user short-lived tokens for it, reads
 * club feeds and chat channels for members and moderators, deletes messages in moderation and may
 * post server-side (system messages, posts). Adapters: `local` (in-process store, development and
 * tests), `stream` (HTTP, Stream's REST protocol) and `unconfigured` (every call but `status`
 * fails FeedChatUnavailable → 503 FEED_CHAT_NOT_CONFIGURED). `status` never calls the provider.
 *
 * Club chat channels are provider channels of type `club` whose id is the club channel's UUID; a
 * club's feed is the feed `club:<clubId>`.
 */
import { DomainError } from "@podium/kernel"
import { Context, type Effect, type Option, Schema } from "effect"

export interface FeedChatStatus {
  readonly enabled: boolean
  readonly provider: string
  readonly region: string | null
}

export interface FeedChatTokens {
  readonly apiKey: string
  readonly region: string | null
  readonly feedToken: string
  readonly chatToken: string
  readonly expiresAt: Date
}

export interface ChatChannelRef {
  readonly type: string
  readonly id: string
}

export interface ChatMessage {
  readonly id: string
  readonly channel: ChatChannelRef
  readonly userId: string
  readonly text: string
  readonly createdAt: Date
}

export interface ChatChannelActivity {
  readonly channel: ChatChannelRef
  readonly lastMessageAt: Date | null
  readonly lastMessage: ChatMessage | null
}

export interface FeedPost {
  readonly id: string
  readonly actor: string
  readonly verb: string
  readonly text: string | null
  readonly createdAt: Date
}

export class FeedChatUnavailable extends DomainError<FeedChatUnavailable>()("FeedChatUnavailable", { kind: "unavailable", code: "FEED_CHAT_NOT_CONFIGURED" }, { reason: Schema.String }) {
  override get message() {
    return `The feed/chat provider is not available: ${this.reason}`
  }
}

export class FeedChat extends Context.Tag("@podium/core/platform/FeedChat")<FeedChat, {
  /** Configuration only; never calls the provider. */
  readonly status: FeedChatStatus
  readonly issueTokens: (userId: string) => Effect.Effect<FeedChatTokens, FeedChatUnavailable>
  /** Newest first; `before` is a message id (messages older than it). */
  readonly channelMessages: (channel: ChatChannelRef, page: { readonly limit: number; readonly before?: string }) => Effect.Effect<ReadonlyArray<ChatMessage>, FeedChatUnavailable>
  readonly getMessage: (messageId: string) => Effect.Effect<Option.Option<ChatMessage>, FeedChatUnavailable>
  /** Hard delete; false when the provider has no such message. */
  readonly deleteMessage: (messageId: string) => Effect.Effect<boolean, FeedChatUnavailable>
  readonly postMessage: (channel: ChatChannelRef, userId: string, text: string) => Effect.Effect<ChatMessage, FeedChatUnavailable>
  /** Channels of `type` by latest message, newest first, each with its last message. */
  readonly recentActivity: (type: string, limit: number) => Effect.Effect<ReadonlyArray<ChatChannelActivity>, FeedChatUnavailable>
  /** Newest first. */
  readonly feedPosts: (feed: { readonly slug: string; readonly id: string }, page: { readonly limit: number; readonly offset: number }) => Effect.Effect<ReadonlyArray<FeedPost>, FeedChatUnavailable>
  readonly publishPost: (feed: { readonly slug: string; readonly id: string }, post: { readonly actor: string; readonly verb: string; readonly text: string }) => Effect.Effect<FeedPost, FeedChatUnavailable>
}>() {}

/** The provider channel of a club chat channel. */
export const clubChatChannel = (channelId: string): ChatChannelRef => ({ type: "club", id: channelId })
/** The provider feed of a club. */
export const clubFeed = (clubId: string) => ({ slug: "club", id: clubId })
