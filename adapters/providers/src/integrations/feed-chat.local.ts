/**
 * The local feed/chat provider: an in-process store with the provider's behaviour (channels,
 * messages, feeds), for development and tests; tokens are HS256 JWTs signed with a local key, so
 * client code that decodes them works unchanged. Nothing leaves the process.
 */
import { Platform } from "@podium/core"
import { Effect, Layer, Option } from "effect"
import { SignJWT } from "jose"
import { randomBytes, randomUUID } from "node:crypto"

export const FeedChatLocal = Layer.sync(Platform.FeedChat, () => {
  const key = randomBytes(32)
  const messages = new Map<string, Platform.ChatMessage>()
  const feeds = new Map<string, Array<Platform.FeedPost>>()
  const cid = (c: Platform.ChatChannelRef) => `${c.type}:${c.id}`
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuedAt().setExpirationTime("1h").sign(key)
  return Platform.FeedChat.of({
    status: { enabled: true, provider: "local", region: "local" },
    issueTokens: (userId) =>
      Effect.promise(async () => ({
        apiKey: "local",
        region: "local",
        feedToken: await sign({ user_id: userId, scope: "feed" }),
        chatToken: await sign({ user_id: userId, scope: "chat" }),
        expiresAt: new Date(Date.now() + 3_600_000)
      })),
    channelMessages: (channel, page) =>
      Effect.sync(() => {
        const all = [...messages.values()].filter((m) => cid(m.channel) === cid(channel)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
        const from = page.before === undefined ? 0 : all.findIndex((m) => m.id === page.before) + 1
        return all.slice(from, from + page.limit)
      }),
    getMessage: (id) => Effect.sync(() => Option.fromNullable(messages.get(id))),
    deleteMessage: (id) => Effect.sync(() => messages.delete(id)),
    postMessage: (channel, userId, text) =>
      Effect.sync(() => {
        const message: Platform.ChatMessage = { id: randomUUID(), channel, userId, text, createdAt: new Date() }
        messages.set(message.id, message)
        return message
      }),
    recentActivity: (type, limit) =>
      Effect.sync(() => {
        const latest = new Map<string, Platform.ChatMessage>()
        for (const m of messages.values()) {
          if (m.channel.type !== type) continue
          const seen = latest.get(cid(m.channel))
          if (seen === undefined || seen.createdAt < m.createdAt) latest.set(cid(m.channel), m)
        }
        return [...latest.values()]
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
          .slice(0, limit)
          .map((m) => ({ channel: m.channel, lastMessageAt: m.createdAt, lastMessage: m }))
      }),
    feedPosts: (feed, page) =>
      Effect.sync(() => [...(feeds.get(`${feed.slug}:${feed.id}`) ?? [])].reverse().slice(page.offset, page.offset + page.limit)),
    publishPost: (feed, post) =>
      Effect.sync(() => {
        const made: Platform.FeedPost = { id: randomUUID(), actor: post.actor, verb: post.verb, text: post.text, createdAt: new Date() }
        const key = `${feed.slug}:${feed.id}`
        feeds.set(key, [...(feeds.get(key) ?? []), made])
        return made
      })
  })
})

/** No feed/chat provider configured: `status` says so; every other call fails (503 FEED_CHAT_NOT_CONFIGURED). */
export const FeedChatUnconfigured = Layer.succeed(Platform.FeedChat, (() => {
  const fail = () => Effect.fail(new Platform.FeedChatUnavailable({ reason: "set FEED_CHAT_PROVIDER=stream with STREAM_API_KEY and STREAM_API_SECRET" }))
  return Platform.FeedChat.of({
    status: { enabled: false, provider: "none", region: null },
    issueTokens: fail,
    channelMessages: fail,
    getMessage: fail,
    deleteMessage: fail,
    postMessage: fail,
    recentActivity: fail,
    feedPosts: fail,
    publishPost: fail
  })
})())
