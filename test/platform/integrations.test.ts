/**
 * Feed/chat tokens and geocoding (A 4.2) through the real host on the local providers, the
 * unconfigured answers (503) and status that never calls a provider, and the HTTP adapters against
 * local servers speaking Stream's and Nominatim's protocols.
 */
import { Platform } from "@podium/core"
import { FeedChatStream, GeocoderNominatim } from "@podium/providers"
import { Effect, Layer, Option, Redacted } from "effect"
import { decodeJwt, jwtVerify } from "jose"
import { createServer, type IncomingMessage, type Server } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { newAthlete } from "../organizers/support.js"
import { type RealHost, startRealHost } from "../support/real-host.js"

let host: RealHost
let bare: RealHost
beforeAll(async () => {
  host = await startRealHost(import.meta.url)
  bare = await startRealHost(`${import.meta.url}#bare`, { FEED_CHAT_PROVIDER: "none", GEOCODER: "none" })
}, 60_000)
afterAll(async () => {
  await host?.close()
  await bare?.close()
})

describe("feed/chat tokens", () => {
  it("issues short-lived feed and chat tokens for the caller and reports the adapter", async () => {
    const athlete = await newAthlete(host)
    const res = await host.http.get("/v2/integrations/feed-chat/tokens", athlete.headers)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ apiKey: "local", region: "local", userId: athlete.user.id })
    const chat = decodeJwt(res.body.data.chatToken)
    expect(chat).toMatchObject({ user_id: athlete.user.id, scope: "chat" })
    expect(chat.exp! - chat.iat!).toBe(3600)
    expect(decodeJwt(res.body.data.feedToken)).toMatchObject({ user_id: athlete.user.id, scope: "feed" })
    expect((await host.http.get("/v2/integrations/feed-chat/tokens")).status).toBe(401)
    const status = await host.http.get("/v2/integrations/feed-chat/status")
    expect(status.body.data).toEqual({ enabled: true, provider: "local", region: "local" })
  })

  it("answers 503 FEED_CHAT_NOT_CONFIGURED without a provider, while status reports it disabled", async () => {
    const athlete = await newAthlete(bare)
    const res = await bare.http.get("/v2/integrations/feed-chat/tokens", athlete.headers)
    expect(res.status).toBe(503)
    expect(res.body).toMatchObject({ code: "FEED_CHAT_NOT_CONFIGURED", data: null })
    expect((await bare.http.get("/v2/integrations/feed-chat/status")).body.data).toEqual({ enabled: false, provider: "none", region: null })
  })
})

describe("geocoding", () => {
  it("searches places and finds the place at a point with the local gazetteer", async () => {
    const athlete = await newAthlete(host)
    const found = await host.http.get("/v2/geo/search?q=pun", athlete.headers)
    expect(found.status).toBe(200)
    expect(found.body.data).toEqual([expect.objectContaining({ name: "Pune", state: "Maharashtra", country: "India" })])
    const near = await host.http.get("/v2/geo/reverse?lat=18.53&lng=73.85", athlete.headers)
    expect(near.body.data).toEqual([expect.objectContaining({ city: "Pune" })])
    const nowhere = await host.http.get("/v2/geo/reverse?lat=0&lng=0", athlete.headers)
    expect(nowhere.body.data).toEqual([])
  })

  it("validates the query and coordinates, needs a caller, and answers 503 without a geocoder", async () => {
    const athlete = await newAthlete(host)
    expect((await host.http.get("/v2/geo/search?q=p", athlete.headers)).status).toBe(400)
    const bad = await host.http.get("/v2/geo/reverse?lat=91&lng=abc", athlete.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toHaveLength(2)
    expect((await host.http.get("/v2/geo/search?q=pune")).status).toBe(401)
    const other = await newAthlete(bare)
    const res = await bare.http.get("/v2/geo/search?q=pune", other.headers)
    expect(res.status).toBe(503)
    expect(res.body.code).toBe("GEOCODER_NOT_CONFIGURED")
  })

  it("limits lookups per caller (429 GEO_RATE_LIMITED)", async () => {
    const athlete = await newAthlete(host)
    const answers = await Promise.all(Array.from({ length: 65 }, () => host.http.get("/v2/geo/search?q=mumbai", athlete.headers)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(60)
    expect(answers.filter((a) => a.status === 429).every((a) => a.body.code === "GEO_RATE_LIMITED")).toBe(true)
  })
})

// --- HTTP adapters against local servers -------------------------------------------------------

interface Seen {
  readonly method: string
  readonly url: URL
  readonly headers: IncomingMessage["headers"]
  readonly body: unknown
}

const serve = async (answer: (seen: Seen) => { status: number; body: unknown }) => {
  const seen: Array<Seen> = []
  const server: Server = createServer((req, res) => {
    let raw = ""
    req.on("data", (c) => (raw += c))
    req.on("end", () => {
      const s: Seen = { method: req.method!, url: new URL(req.url!, "http://x"), headers: req.headers, body: raw === "" ? undefined : JSON.parse(raw) }
      seen.push(s)
      const { status, body } = answer(s)
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address() as { port: number }
  return { url: `http://127.0.0.1:${address.port}`, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

const run = <A, E, R>(layer: Layer.Layer<R>, effect: Effect.Effect<A, E, R>) => Effect.runPromise(Effect.provide(effect, layer))

describe("Stream feed/chat adapter", () => {
  it("speaks Stream's REST protocol with a server JWT and maps its answers", async () => {
    const secret = "stream-secret-for-tests"
    const stream = await serve((s) => {
      if (s.url.pathname === "/channels/club/ch-1/query") {
        return { status: 200, body: { messages: [{ id: "m1", text: "hi", user: { id: "u1" }, cid: "club:ch-1", created_at: "2026-11-20T10:00:00Z" }] } }
      }
      if (s.url.pathname === "/channels/club/empty/query") return { status: 404, body: { code: 16 } }
      if (s.url.pathname === "/messages/m1" && s.method === "GET") return { status: 200, body: { message: { id: "m1", text: "hi", user: { id: "u1" }, cid: "club:ch-1", created_at: "2026-11-20T10:00:00Z" } } }
      if (s.url.pathname === "/messages/m1" && s.method === "DELETE") return { status: 200, body: { message: { id: "m1" } } }
      if (s.url.pathname === "/messages/gone") return { status: 404, body: {} }
      if (s.url.pathname === "/channels") return { status: 200, body: { channels: [{ channel: { type: "club", id: "ch-1", last_message_at: "2026-11-20T10:00:00Z" }, messages: [{ id: "m1", text: "hi", user: { id: "u1" }, created_at: "2026-11-20T10:00:00Z" }] }] } }
      if (s.url.pathname === "/feed/club/c1/") return { status: 200, body: { results: [{ id: "a1", actor: "u1", verb: "post", text: "Run report", time: "2026-11-20T10:00:00.000000" }] } }
      return { status: 500, body: {} }
    })
    const layer = FeedChatStream({ apiKey: "key-1", apiSecret: Redacted.make(secret), region: "eu-west", chatUrl: stream.url, feedsUrl: stream.url, tokenTtlSeconds: 600 })
    try {
      const messages = await run(layer, Effect.flatMap(Platform.FeedChat, (f) => f.channelMessages({ type: "club", id: "ch-1" }, { limit: 20, before: "m9" })))
      expect(messages).toEqual([{ id: "m1", channel: { type: "club", id: "ch-1" }, userId: "u1", text: "hi", createdAt: new Date("2026-11-20T10:00:00Z") }])
      const query = stream.seen[0]!
      expect(query.method).toBe("POST")
      expect(query.url.searchParams.get("api_key")).toBe("key-1")
      expect(query.headers["stream-auth-type"]).toBe("jwt")
      const verified = await jwtVerify(String(query.headers.authorization), new TextEncoder().encode(secret))
      expect(verified.payload.server).toBe(true)
      expect(query.body).toEqual({ state: true, messages: { limit: 20, id_lt: "m9" } })

      expect(await run(layer, Effect.flatMap(Platform.FeedChat, (f) => f.channelMessages({ type: "club", id: "empty" }, { limit: 5 })))).toEqual([])
      const got = await run(layer, Effect.flatMap(Platform.FeedChat, (f) => f.getMessage("m1")))
      expect(Option.getOrThrow(got).channel).toEqual({ type: "club", id: "ch-1" })
      expect(await run(layer, Effect.flatMap(Platform.FeedChat, (f) => f.deleteMessage("m1")))).toBe(true)
      expect(stream.seen.find((s) => s.method === "DELETE")!.url.searchParams.get("hard")).toBe("true")
      expect(await run(layer, Effect.flatMap(Platform.FeedChat, (f) => f.deleteMessage("gone")))).toBe(false)
      const activity = await run(layer, Effect.flatMap(Platform.FeedChat, (f) => f.recentActivity("club", 10)))
      expect(activity[0]).toMatchObject({ channel: { type: "club", id: "ch-1" }, lastMessage: { id: "m1" } })
      expect(stream.seen.find((s) => s.url.pathname === "/channels")!.body).toMatchObject({ filter_conditions: { type: "club" }, limit: 10 })
      const posts = await run(layer, Effect.flatMap(Platform.FeedChat, (f) => f.feedPosts({ slug: "club", id: "c1" }, { limit: 5, offset: 10 })))
      expect(posts).toEqual([{ id: "a1", actor: "u1", verb: "post", text: "Run report", createdAt: new Date("2026-11-20T10:00:00.000Z") }])
      const feedCall = stream.seen.find((s) => s.url.pathname === "/feed/club/c1/")!
      expect([feedCall.url.searchParams.get("limit"), feedCall.url.searchParams.get("offset")]).toEqual(["5", "10"])
      expect((await jwtVerify(String(feedCall.headers.authorization), new TextEncoder().encode(secret))).payload).toMatchObject({ feed_id: "*" })

      const tokens = await run(layer, Effect.flatMap(Platform.FeedChat, (f) => f.issueTokens("u7")))
      expect((await jwtVerify(tokens.chatToken, new TextEncoder().encode(secret))).payload).toMatchObject({ user_id: "u7" })
      expect(stream.seen.some((s) => s.url.pathname.includes("token"))).toBe(false)
      const failed = await Effect.runPromise(Effect.flip(Effect.provide(Effect.flatMap(Platform.FeedChat, (f) => f.postMessage({ type: "club", id: "x" }, "u1", "x")), layer)))
      expect(failed._tag).toBe("FeedChatUnavailable")
    } finally {
      await stream.close()
    }
  })
})

describe("Nominatim geocoder adapter", () => {
  it("asks /search and /reverse in jsonv2 with a User-Agent and maps places", async () => {
    const nominatim = await serve((s) =>
      s.url.pathname === "/search"
        ? { status: 200, body: [{ name: "Pune", display_name: "Pune, Maharashtra, India", lat: "18.52", lon: "73.85", address: { city: "Pune", state: "Maharashtra", country: "India", postcode: "411001" } }] }
        : { status: 200, body: { display_name: "Shivajinagar, Pune, Maharashtra, India", lat: "18.53", lon: "73.85", address: { town: "Pune", state: "Maharashtra", country: "India" } } })
    const layer = GeocoderNominatim({ url: nominatim.url, userAgent: "Podium tests" })
    try {
      const found = await run(layer, Effect.flatMap(Platform.Geocoder, (g) => g.search("pune", 5)))
      expect(found).toEqual([{ name: "Pune", displayName: "Pune, Maharashtra, India", lat: 18.52, lng: 73.85, city: "Pune", state: "Maharashtra", country: "India", postcode: "411001" }])
      expect(nominatim.seen[0]!.url.searchParams.get("format")).toBe("jsonv2")
      expect(nominatim.seen[0]!.url.searchParams.get("q")).toBe("pune")
      expect(nominatim.seen[0]!.headers["user-agent"]).toBe("Podium tests")
      const near = await run(layer, Effect.flatMap(Platform.Geocoder, (g) => g.reverse(18.53, 73.85)))
      expect(near[0]).toMatchObject({ name: "Shivajinagar", city: "Pune" })
      expect(nominatim.seen[1]!.url.searchParams.get("lon")).toBe("73.85")
    } finally {
      await nominatim.close()
    }
  })
})
