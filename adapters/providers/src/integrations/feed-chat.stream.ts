/**
 * The feed/chat provider on Stream's REST protocol (undici). Server calls carry a server JWT
 * (HS256 with the API secret, `{server: true}` for chat; `{resource, action, feed_id: "*"}` for
 * feeds) in `Authorization` with `Stream-Auth-Type: jwt` and `api_key` in the query; user tokens are
 * HS256 JWTs `{user_id, exp}` signed locally (no provider call). Network or provider failures
 * become FeedChatUnavailable (503).
 */
import { Platform } from "@podium/core"
import { Effect, Layer, Option, Redacted } from "effect"
import { SignJWT } from "jose"
import { request } from "undici"

export interface StreamSettings {
  readonly apiKey: string
  readonly apiSecret: Redacted.Redacted<string>
  readonly region: string
  /** Chat REST base, default https://chat.stream-io-api.com */
  readonly chatUrl: string
  /** Feeds REST base, default https://<region>-api.stream-io-api.com/api/v1.0 */
  readonly feedsUrl: string
  /** User token lifetime. */
  readonly tokenTtlSeconds: number
}

interface StreamMessage {
  readonly id: string
  readonly text?: string
  readonly user?: { readonly id: string }
  readonly cid?: string
  readonly created_at: string
}

const toMessage = (m: StreamMessage, fallback?: Platform.ChatChannelRef): Platform.ChatMessage => {
  const [type, id] = (m.cid ?? `${fallback?.type}:${fallback?.id}`).split(":") as [string, string]
  return { id: m.id, channel: { type, id }, userId: m.user?.id ?? "", text: m.text ?? "", createdAt: new Date(m.created_at) }
}

export const FeedChatStream = (settings: StreamSettings) =>
  Layer.sync(Platform.FeedChat, () => {
    const secret = new TextEncoder().encode(Redacted.value(settings.apiSecret))
    const sign = (claims: Record<string, unknown>, ttlSeconds?: number) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuedAt()
      return (ttlSeconds === undefined ? jwt : jwt.setExpirationTime(`${ttlSeconds}s`)).sign(secret)
    }
    const unavailable = (reason: string) => new Platform.FeedChatUnavailable({ reason })

    const call = <A>(base: string, method: "GET" | "POST" | "DELETE", path: string, query: Record<string, string>, body: unknown, serverClaims: Record<string, unknown>) =>
      Effect.tryPromise({
        try: async () => {
          const url = new URL(base.replace(/\/$/, "") + path)
          url.searchParams.set("api_key", settings.apiKey)
          for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
          const res = await request(url, {
            method,
            headers: {
              authorization: await sign(serverClaims, 300),
              "stream-auth-type": "jwt",
              ...(body === undefined ? {} : { "content-type": "application/json" })
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
            headersTimeout: 10_000,
            bodyTimeout: 10_000
          })
          const text = await res.body.text()
          return { status: res.statusCode, json: (text === "" ? {} : JSON.parse(text)) as A }
        },
        catch: (e) => unavailable(`request failed: ${e instanceof Error ? e.message : String(e)}`)
      })
    const chat = <A>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown, query: Record<string, string> = {}) =>
      call<A>(settings.chatUrl, method, path, query, body, { server: true })
    const feeds = <A>(method: "GET" | "POST", path: string, body?: unknown, query: Record<string, string> = {}) =>
      call<A>(settings.feedsUrl, method, path, query, body, { resource: "*", action: "*", feed_id: "*" })
    const ok = <A>(answer: { readonly status: number; readonly json: A }): Effect.Effect<A, Platform.FeedChatUnavailable> =>
      answer.status >= 200 && answer.status < 300 ? Effect.succeed(answer.json) : Effect.fail(unavailable(`provider answered ${answer.status}`))
    /** A 404 answers `missing` (a channel nobody wrote in yet, a deleted message). */
    const okOr = <A>(missing: A) => (answer: { readonly status: number; readonly json: A }): Effect.Effect<A, Platform.FeedChatUnavailable> =>
      answer.status === 404 ? Effect.succeed(missing) : ok(answer)

    return Platform.FeedChat.of({
      status: { enabled: true, provider: "stream", region: settings.region },
      issueTokens: (userId) =>
        Effect.tryPromise({
          try: async () => ({
            apiKey: settings.apiKey,
            region: settings.region,
            feedToken: await sign({ user_id: userId, scope: "feed" }, settings.tokenTtlSeconds),
            chatToken: await sign({ user_id: userId, scope: "chat" }, settings.tokenTtlSeconds),
            expiresAt: new Date(Date.now() + settings.tokenTtlSeconds * 1000)
          }),
          catch: (e) => unavailable(String(e))
        }),
      channelMessages: (channel, page) =>
        chat<{ readonly messages?: ReadonlyArray<StreamMessage> }>("POST", `/channels/${channel.type}/${channel.id}/query`, {
          state: true,
          messages: { limit: page.limit, ...(page.before === undefined ? {} : { id_lt: page.before }) }
        }).pipe(
          Effect.flatMap(okOr<{ readonly messages?: ReadonlyArray<StreamMessage> }>({ messages: [] })),
          Effect.map((json) => [...(json.messages ?? [])].map((m) => toMessage(m, channel)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()))
        ),
      getMessage: (messageId) =>
        chat<{ readonly message?: StreamMessage }>("GET", `/messages/${encodeURIComponent(messageId)}`).pipe(
          Effect.flatMap(okOr<{ readonly message?: StreamMessage }>({})),
          Effect.map((json) => Option.map(Option.fromNullable(json.message), (m) => toMessage(m)))
        ),
      deleteMessage: (messageId) =>
        chat("DELETE", `/messages/${encodeURIComponent(messageId)}`, undefined, { hard: "true" }).pipe(
          Effect.flatMap((answer) => answer.status === 404 ? Effect.succeed(false) : Effect.as(ok(answer), true))
        ),
      postMessage: (channel, userId, text) =>
        chat<{ readonly message: StreamMessage }>("POST", `/channels/${channel.type}/${channel.id}/message`, { message: { text, user_id: userId } }).pipe(
          Effect.flatMap(ok),
          Effect.map((json) => toMessage(json.message, channel))
        ),
      recentActivity: (type, limit) =>
        chat<{ readonly channels?: ReadonlyArray<{ readonly channel: { readonly type: string; readonly id: string; readonly last_message_at?: string }; readonly messages?: ReadonlyArray<StreamMessage> }> }>(
          "POST",
          "/channels",
          { filter_conditions: { type }, sort: [{ field: "last_message_at", direction: -1 }], limit, message_limit: 1, state: true }
        ).pipe(
          Effect.flatMap(ok),
          Effect.map((json) =>
            (json.channels ?? []).map((c) => {
              const last = c.messages?.at(-1)
              const channel = { type: c.channel.type, id: c.channel.id }
              return { channel, lastMessageAt: c.channel.last_message_at === undefined ? null : new Date(c.channel.last_message_at), lastMessage: last === undefined ? null : toMessage(last, channel) }
            }))
        ),
      feedPosts: (feed, page) =>
        feeds<{ readonly results?: ReadonlyArray<{ readonly id: string; readonly actor: string; readonly verb: string; readonly text?: string; readonly time: string }> }>(
          "GET",
          `/feed/${feed.slug}/${feed.id}/`,
          undefined,
          { limit: String(page.limit), offset: String(page.offset) }
        ).pipe(
          Effect.flatMap(ok),
          Effect.map((json) => (json.results ?? []).map((r) => ({ id: r.id, actor: r.actor, verb: r.verb, text: r.text ?? null, createdAt: new Date(`${r.time.replace(/Z$/, "")}Z`) })))
        ),
      publishPost: (feed, post) =>
        feeds<{ readonly id: string; readonly actor: string; readonly verb: string; readonly text?: string; readonly time: string }>(
          "POST",
          `/feed/${feed.slug}/${feed.id}/`,
          { actor: post.actor, verb: post.verb, object: `text:${Date.now()}`, text: post.text }
        ).pipe(
          Effect.flatMap(ok),
          Effect.map((r) => ({ id: r.id, actor: r.actor, verb: r.verb, text: r.text ?? null, createdAt: new Date(`${r.time.replace(/Z$/, "")}Z`) }))
        )
    })
  })
