/**
 * The AI coach through the real host: who may call, the 8 context streams built from the athlete's
 * own activities, gear and calendar; ask on the local rules model (reply, tool calls, tokens kept
 * in the history and the month's usage); the per-athlete limit under concurrent asks; 503s when the
 * language model or speech is not configured while status never 503s; voice speak → voice ask
 * round trip on the local speech provider; the OpenAI-compatible HTTP adapter against a local
 * node:http server (what it sends, what is kept, a failing model refused with 503).
 */
import { type CoachContext, CoachContextStreams } from "@podium/kernel"
import { createServer, type IncomingMessage, type Server } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { athlete } from "../activities/support.js"
import { activeChallenge, challengeAdmin, challengeBody } from "../challenges/support.js"
import { seedOrganizer } from "../organizers/support.js"
import { bookAs, seedEvent } from "../registrations/support.js"
import { adminWithPermissions } from "../notifications/http-support.js"
import { type RealHost, startRealHost } from "../support/real-host.js"

interface Seen {
  readonly auth: string | undefined
  readonly path: string
  readonly body: { model: string; messages: Array<{ role: string; content: string }>; temperature: number }
}

let host: RealHost
let bare: RealHost
let remote: RealHost
let model: Server
const seen: Array<Seen> = []
let modelFails = false

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = ""
    req.on("data", (c) => (text += c))
    req.on("end", () => resolve(text))
  })

beforeAll(async () => {
  model = createServer(async (req, res) => {
    const body = JSON.parse(await bodyOf(req))
    seen.push({ auth: req.headers.authorization, path: req.url ?? "", body })
    if (modelFails) {
      res.writeHead(500, { "content-type": "application/json" })
      res.end(JSON.stringify({ error: { message: "overloaded" } }))
      return
    }
    res.writeHead(200, { "content-type": "application/json" })
    res.end(JSON.stringify({
      id: "chatcmpl-1",
      model: "coach-model-2026-01",
      choices: [{ index: 0, message: { role: "assistant", content: "  Keep your easy days easy this week.  " }, finish_reason: "stop" }],
      usage: { prompt_tokens: 321, completion_tokens: 54, total_tokens: 375 }
    }))
  })
  await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve))
  const { port } = model.address() as { port: number }
  ;[host, bare, remote] = await Promise.all([
    startRealHost(import.meta.url, { COACH_ASKS_PER_HOUR: "3" }),
    startRealHost(`${import.meta.url}#bare`, { LANGUAGE_MODEL_PROVIDER: "none", SPEECH_PROVIDER: "none" }),
    startRealHost(`${import.meta.url}#remote`, {
      LANGUAGE_MODEL_API_KEY: "lm-key",
      LANGUAGE_MODEL_URL: `http://127.0.0.1:${port}/v1/`,
      LANGUAGE_MODEL_NAME: "coach-model"
    })
  ])
}, 90_000)
afterAll(async () => {
  await Promise.all([host?.close(), bare?.close(), remote?.close()])
  await new Promise<void>((resolve) => model.close(() => resolve()))
})

const call = (on: RealHost, method: string, path: string, headers: Record<string, string>, body?: unknown) => on.http.request(method, path, body, headers)
const ask = (on: RealHost, headers: Record<string, string>, question: string) => call(on, "POST", "/v2/coach/ask", headers, { question })

const DayMs = 86_400_000
const daysAgo = (n: number) => new Date(Date.now() - n * DayMs)

/** Two runs this week (10 km, 5 km), one three weeks ago (9 km), a shoe at 85% of its life, a workout tomorrow. */
const trainedAthlete = async (on: RealHost) => {
  const me = await athlete(on)
  for (const [ago, meters, seconds] of [[2, 10_000, 3000], [4, 5000, 1500], [20, 9000, 2700]] as const) {
    const res = await call(on, "POST", "/v2/activities", me.headers, { sport: "run", startedAt: daysAgo(ago).toISOString(), durationSeconds: seconds, distanceMeters: meters })
    expect(res.status).toBe(201)
  }
  const shoe = await call(on, "POST", "/v2/gears", me.headers, { name: "Road shoe", initialDistanceMeters: 680_000, maxDistanceMeters: 800_000 })
  expect(shoe.status).toBe(201)
  const tomorrow = new Date(Date.now() + DayMs).toISOString().slice(0, 10)
  const workout = await call(on, "POST", "/v2/user/calendar/workouts", me.headers, { date: tomorrow, title: "Tempo 6 km", intensity: "hard", plannedDistanceMeters: 6000 })
  expect(workout.status).toBe(201)
  return { ...me, tomorrow }
}

const paths = [
  ["POST", "/v2/coach/ask"],
  ["GET", "/v2/coach/context"],
  ["GET", "/v2/coach/history"],
  ["GET", "/v2/coach/status"],
  ["POST", "/v2/coach/voice/ask"],
  ["POST", "/v2/coach/voice/speak"]
] as const

describe("AI coach", () => {
  it("is for signed-in athletes: 401 without a token, 403 for an admin", async () => {
    const admin = await adminWithPermissions(host, ["*"])
    for (const [method, path] of paths) {
      expect((await call(host, method, path, {}, method === "POST" ? {} : undefined)).status).toBe(401)
      expect((await call(host, method, path, admin, method === "POST" ? { question: "hi", text: "hi", audio: "" } : undefined)).status).toBe(403)
    }
  })

  it("builds the 8 context streams from the athlete's own activities, load, calendar and gear", async () => {
    const me = await trainedAthlete(host)
    const res = await call(host, "GET", "/v2/coach/context", me.headers)
    expect(res.status).toBe(200)
    const { streams } = res.body.data
    expect(Object.keys(streams).sort()).toEqual([...CoachContextStreams].sort())
    expect(Object.keys(streams)).toHaveLength(8)
    expect(streams.recentActivities.map((a: { distanceMeters: number }) => a.distanceMeters)).toEqual([10_000, 5000, 9000])
    expect(streams.trainingLoad).toEqual({
      activitiesLast7Days: 2,
      distanceLast7DaysMeters: 15_000,
      durationLast7DaysSeconds: 4500,
      activitiesLast28Days: 3,
      weeklyAverageDistanceMeters: 6000,
      weeklyAverageDurationSeconds: 1800,
      acuteChronicRatio: 2.5,
      trend: "building_fast",
      longestDistanceMeters: 10_000
    })
    expect(streams.calendar).toMatchObject([{ date: me.tomorrow, title: "Tempo 6 km", intensity: "hard", plannedDistanceMeters: 6000, status: "PLANNED" }])
    expect(streams.gear).toMatchObject([{ name: "Road shoe", distanceMeters: 680_000, maxDistanceMeters: 800_000, wornPercent: 85 }])
    expect(streams.programs).toEqual([])
    expect(streams.goals).toEqual([])
    expect(streams.races).toEqual([])
    expect(streams.preferences).toMatchObject({ defaultSport: "run", defaultVisibility: "public" })
    // Another athlete sees only their own (empty) data.
    const other = await athlete(host)
    const theirs = (await call(host, "GET", "/v2/coach/context", other.headers)).body.data.streams
    expect(theirs.recentActivities).toEqual([])
    expect(theirs.trainingLoad.trend).toBe("no_data")
  })

  it("answers from the computed tools, keeps the exchange with its tokens, lists it in the history and counts it in the status", async () => {
    const me = await trainedAthlete(host)
    const res = await ask(host, me.headers, "What should my plan be this week?")
    expect(res.status).toBe(200)
    const exchange = res.body.data
    expect(exchange).toMatchObject({ channel: "text", locale: "en", question: "What should my plan be this week?", provider: "local", model: "podium-local-rules-1" })
    expect(exchange.toolCalls.map((c: { name: string }) => c.name)).toEqual(["training_load", "weekly_plan", "gear_check"])
    const plan = exchange.toolCalls[1].result
    // Building fast (ratio 2.5): 90% of the 6 km weekly average; the athlete's own workout kept as planned.
    expect(plan.targetMeters).toBe(5400)
    expect(plan.days).toHaveLength(7)
    expect(plan.days.find((d: { date: string }) => d.date === me.tomorrow)).toMatchObject({ kind: "planned", distanceMeters: 6000 })
    expect(plan.days.filter((d: { kind: string }) => d.kind === "rest").length).toBeGreaterThanOrEqual(2)
    expect(exchange.toolCalls[2].result.replaceSoon).toMatchObject([{ name: "Road shoe", wornPercent: 85 }])
    expect(exchange.reply).toContain("In the last 7 days you logged 2 activities for 15.0 km")
    expect(exchange.reply).toContain("2.5× your usual load")
    expect(exchange.reply).toContain("Road shoe is at 85% of its replacement distance")
    expect(exchange.promptTokens).toBeGreaterThan(100)
    expect(exchange.completionTokens).toBe(Math.ceil(exchange.reply.length / 4))

    const second = await call(host, "POST", "/v2/coach/ask", me.headers, { question: "  Am I overdoing it?  ", locale: "en-IN" })
    expect(second.status).toBe(200)
    expect(second.body.data).toMatchObject({ question: "Am I overdoing it?", locale: "en-IN" })

    const history = await call(host, "GET", "/v2/coach/history?limit=1", me.headers)
    expect(history.status).toBe(200)
    expect(history.body.data).toMatchObject({ total: 2, limit: 1, offset: 0 })
    expect(history.body.data.items.map((e: { id: string }) => e.id)).toEqual([second.body.data.id])
    const older = await call(host, "GET", "/v2/coach/history?limit=10&offset=1", me.headers)
    expect(older.body.data.items).toEqual([exchange])
    const other = await athlete(host)
    expect((await call(host, "GET", "/v2/coach/history", other.headers)).body.data).toMatchObject({ items: [], total: 0 })

    const status = await call(host, "GET", "/v2/coach/status", me.headers)
    expect(status.status).toBe(200)
    expect(status.body.data).toMatchObject({
      enabled: true,
      provider: "local",
      model: "podium-local-rules-1",
      voice: { enabled: true, provider: "local" },
      rateLimit: { asksPerHour: 3 },
      usage: { calls: 2, promptTokens: exchange.promptTokens + second.body.data.promptTokens, completionTokens: exchange.completionTokens + second.body.data.completionTokens }
    })
  })

  it("reads the races booked and the goals joined: race readiness and goal progress computed from the athlete's activities", async () => {
    const me = await trainedAthlete(host)
    const org = await seedOrganizer(host, "Coach Race Org")
    const event = await seedEvent(host, org.id, { startsInMs: 10 * DayMs - 3_600_000 })
    const booked = await bookAs(host, me.headers, event)
    expect(booked.status).toBe(201)
    const { headers: admin } = await challengeAdmin(host)
    const challenge = await activeChallenge(host, admin, challengeBody({
      creatorType: "organizer",
      creatorId: org.id,
      title: "Coach 100K",
      startsAt: new Date(Date.now() - 10 * DayMs).toISOString(),
      endsAt: new Date(Date.now() + 20 * DayMs).toISOString()
    }))
    expect((await call(host, "POST", `/v2/challenge-participations/${challenge.id}`, me.headers)).status).toBe(201)

    const { streams } = (await call(host, "GET", "/v2/coach/context", me.headers)).body.data
    expect(streams.races).toMatchObject([{ eventId: event.eventId, city: "Pune", status: "CONFIRMED", daysToGo: 10 }])
    expect(streams.goals).toMatchObject([{ challengeId: challenge.id, title: "Coach 100K", goalType: "DISTANCE", goalValue: 100_000 }])

    const res = await ask(host, me.headers, "Plan my week before the race")
    expect(res.status).toBe(200)
    const tools = Object.fromEntries(res.body.data.toolCalls.map((c: { name: string; result: unknown }) => [c.name, c.result]))
    expect(Object.keys(tools)).toEqual(["training_load", "weekly_plan", "race_readiness", "gear_check", "goal_progress"])
    expect(tools.race_readiness).toMatchObject({ hasRace: true, daysToGo: 10, phase: "taper", taperStartsInDays: 0, longestDistanceLast28DaysMeters: 10_000 })
    // Within 14 days of the race the week is cut to 60% of the building-fast target (6 km × 0.9).
    expect(tools.weekly_plan.targetMeters).toBe(3240)
    // The runs 2 and 4 days ago count (15 km of 100 km); the one 20 days ago is before the challenge.
    expect(tools.goal_progress.goals).toMatchObject([{ challengeId: challenge.id, done: 15_000, percent: 15, daysLeft: 20, perDayNeeded: 4250 }])
    expect(res.body.data.reply).toContain("is in 10 days, so you are in the taper phase")
    expect(res.body.data.reply).toContain("Coach 100K: 15% done with 20 days left")
  })

  it("answers 400 with the spec's wording for a missing, blank or too long question and a bad locale or page", async () => {
    const me = await athlete(host)
    const missing = await call(host, "POST", "/v2/coach/ask", me.headers, {})
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(["question must be longer than or equal to 1 and shorter than or equal to 2000 characters"])
    const blank = await ask(host, me.headers, "   ")
    expect(blank.status).toBe(400)
    expect(blank.body.message).toEqual(["question should not be empty"])
    expect((await ask(host, me.headers, "x".repeat(2001))).status).toBe(400)
    const locale = await call(host, "POST", "/v2/coach/ask", me.headers, { question: "hi", locale: "english please" })
    expect(locale.body.message).toEqual(["locale must be a language tag such as en-IN"])
    expect((await call(host, "GET", "/v2/coach/history?limit=0", me.headers)).status).toBe(400)
    // Refused questions are neither kept nor counted.
    expect((await call(host, "GET", "/v2/coach/history", me.headers)).body.data.total).toBe(0)
  })

  it("limits asks per athlete: of 5 concurrent asks with a limit of 3, exactly 3 are answered and 2 get 429 COACH_RATE_LIMITED with Retry-After", async () => {
    const me = await athlete(host)
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => ask(host, me.headers, `Question ${i}`)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 429, 429])
    const refused = answers.find((a) => a.status === 429)!
    expect(refused.body.code).toBe("COACH_RATE_LIMITED")
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
    expect((await call(host, "GET", "/v2/coach/history", me.headers)).body.data.total).toBe(3)
    // Another athlete has their own allowance.
    const other = await athlete(host)
    expect((await ask(host, other.headers, "Hello")).status).toBe(200)
  })

  it("speaks text as a real WAV whose length follows the text, and hears it back through voice ask, which forwards to ask", async () => {
    const me = await trainedAthlete(host)
    const short = await call(host, "POST", "/v2/coach/voice/speak", me.headers, { text: "Easy run today" })
    expect(short.status).toBe(200)
    expect(short.body.data).toMatchObject({ contentType: "audio/wav", locale: "en" })
    const wav = Buffer.from(short.body.data.audio, "base64")
    expect(wav.subarray(0, 4).toString("latin1")).toBe("RIFF")
    expect(wav.subarray(8, 12).toString("latin1")).toBe("WAVE")
    expect(wav.readUInt32LE(24)).toBe(16_000)
    const long = await call(host, "POST", "/v2/coach/voice/speak", me.headers, { text: "Easy run today, then a long run on Sunday with the last two kilometres at marathon pace", locale: "en-IN" })
    expect(long.body.data.durationMs).toBeGreaterThan(short.body.data.durationMs * 3)
    expect(long.body.data.locale).toBe("en-IN")

    const spoken = await call(host, "POST", "/v2/coach/voice/speak", me.headers, { text: "Plan my week please" })
    const heard = await call(host, "POST", "/v2/coach/voice/ask", me.headers, { audio: spoken.body.data.audio, contentType: "audio/wav", locale: "en-IN" })
    expect(heard.status).toBe(200)
    expect(heard.body.data.transcript).toBe("Plan my week please")
    expect(heard.body.data.exchange).toMatchObject({ channel: "voice", locale: "en-IN", question: "Plan my week please" })
    expect(heard.body.data.exchange.toolCalls.map((c: { name: string }) => c.name)).toContain("weekly_plan")
    const history = (await call(host, "GET", "/v2/coach/history", me.headers)).body.data
    expect(history.items[0]).toEqual(heard.body.data.exchange)
  })

  it("refuses voice input that is not base64 audio, of another type, or silent, with 400", async () => {
    const me = await athlete(host)
    const notBase64 = await call(host, "POST", "/v2/coach/voice/ask", me.headers, { audio: "not audio!" })
    expect(notBase64.status).toBe(400)
    expect(notBase64.body.message).toEqual(["audio must be base64-encoded audio"])
    const wrongType = await call(host, "POST", "/v2/coach/voice/ask", me.headers, { audio: "UklGRg==", contentType: "text/plain" })
    expect(wrongType.body.message).toEqual(["contentType must be one of the following values: audio/wav, audio/x-wav, audio/wave, audio/webm, audio/ogg, audio/mpeg, audio/mp4"])
    const silent = await call(host, "POST", "/v2/coach/voice/ask", me.headers, { audio: Buffer.from("RIFF\0\0\0\0WAVE").toString("base64") })
    expect(silent.status).toBe(400)
    expect(silent.body.message).toEqual(["audio must contain a spoken question"])
    const blank = await call(host, "POST", "/v2/coach/voice/speak", me.headers, { text: "" })
    expect(blank.body.message).toEqual(["text must be longer than or equal to 1 and shorter than or equal to 2000 characters"])
  })

  it("answers 503 when the language model or speech is not configured, while status still answers 200", async () => {
    const me = await athlete(bare)
    const asked = await ask(bare, me.headers, "How am I doing?")
    expect(asked.status).toBe(503)
    expect(asked.body.code).toBe("LANGUAGE_MODEL_NOT_CONFIGURED")
    for (const [path, body] of [["/v2/coach/voice/ask", { audio: "UklGRg==" }], ["/v2/coach/voice/speak", { text: "Hello" }]] as const) {
      const res = await call(bare, "POST", path, me.headers, body)
      expect(res.status).toBe(503)
      expect(res.body.code).toBe("SPEECH_PROVIDER_NOT_CONFIGURED")
    }
    const status = await call(bare, "GET", "/v2/coach/status", me.headers)
    expect(status.status).toBe(200)
    expect(status.body.data).toMatchObject({ enabled: false, provider: "none", model: null, voice: { enabled: false, provider: "none" }, usage: { calls: 0, promptTokens: 0, completionTokens: 0 } })
    expect((await call(bare, "GET", "/v2/coach/context", me.headers)).status).toBe(200)
    expect((await call(bare, "GET", "/v2/coach/history", me.headers)).body.data.total).toBe(0)
  })
})

describe("AI coach over an OpenAI-compatible HTTP model", () => {
  it("sends the facts and the question with the bearer key, keeps the model's answer and token counts; a failing model is 503 and nothing is kept", async () => {
    const me = await trainedAthlete(remote)
    const status = await call(remote, "GET", "/v2/coach/status", me.headers)
    expect(status.body.data).toMatchObject({ enabled: true, provider: "http", model: "coach-model" })

    const res = await ask(remote, me.headers, "Am I ready for my race?")
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ reply: "Keep your easy days easy this week.", provider: "http", model: "coach-model-2026-01", promptTokens: 321, completionTokens: 54 })
    const sent = seen.at(-1)!
    expect(sent).toMatchObject({ auth: "Bearer lm-key", path: "/v1/chat/completions", body: { model: "coach-model", temperature: 0.2 } })
    expect(sent.body.messages.map((m) => m.role)).toEqual(["system", "system", "user"])
    expect(sent.body.messages[2]!.content).toBe("Am I ready for my race?")
    const facts = JSON.parse(sent.body.messages[1]!.content.slice(sent.body.messages[1]!.content.indexOf("{"))) as {
      context: CoachContext["streams"]
      tools: Array<{ name: string; result: Record<string, unknown> }>
    }
    expect(facts.context.trainingLoad.distanceLast7DaysMeters).toBe(15_000)
    expect(facts.tools.map((t) => t.name)).toEqual(["training_load", "race_readiness", "gear_check"])
    expect(facts.tools[1]!.result).toEqual({ hasRace: false })

    modelFails = true
    try {
      const failed = await ask(remote, me.headers, "And tomorrow?")
      expect(failed.status).toBe(503)
      expect(failed.body.code).toBe("LANGUAGE_MODEL_UNAVAILABLE")
    } finally {
      modelFails = false
    }
    const history = (await call(remote, "GET", "/v2/coach/history", me.headers)).body.data
    expect(history.total).toBe(1)
    expect((await call(remote, "GET", "/v2/coach/status", me.headers)).body.data.usage).toMatchObject({ calls: 1, promptTokens: 321, completionTokens: 54 })
  })
})
