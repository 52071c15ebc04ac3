import { InputInvalid } from "@podium/kernel"
/**
 * The AI coach (C "Athlete / AI coach"). `context` builds the 8 streams from the athlete's own
 * records; `ask` runs the deterministic tools on them (see coach.tools.ts), has the configured
 * language model explain the results, keeps the exchange with its token counts (per-athlete cost
 * accounting) and answers it with the tool calls; `voiceAsk` transcribes base64 audio in the
 * requested locale and forwards the text to `ask`; `speak` turns text into base64 audio.
 *
 * Order of refusals: 400 on bad input, then 503 when the provider is not configured (before a
 * request is counted), then 429 COACH_RATE_LIMITED past the per-athlete limit, then the work.
 */
import type { CoachContext, CoachExchange, CoachStatus } from "@podium/kernel"
import { DomainError } from "@podium/kernel"
import { Effect, Either, Encoding, Option, Schema } from "effect"
import { ActivityRepo, GearRepo, TrackingPreferencesRepo } from "../activities/activity.port.js"
import { eligibleActivities } from "../activities/activity.use-case.js"
import { ChallengeRepo, ParticipationRepo as ChallengeParticipationRepo } from "../challenges/challenge.port.js"
import { contribution, counts } from "../challenges/progress.js"
import { EventRepo } from "../events/event.port.js"
import type { Principal } from "../identity/principal.model.js"
import { RateLimiter } from "../platform/rate-limiter.port.js"
import { ParticipationRepo as BookingRepo } from "../registrations/participation.port.js"
import { CalendarRepo } from "./calendar.port.js"
import { CoachRepo, CoachSettings, LanguageModel, LanguageModelNotConfigured, Speech, SpeechProviderNotConfigured } from "./coach.port.js"
import { type GoalProgress, toolCallsFor, trainingLoadOf } from "./coach.tools.js"
import { EnrollmentRepo } from "./programs.port.js"
import { addDays } from "./training.model.js"

const DayMs = 86_400_000

export class CoachInputInvalid extends InputInvalid<CoachInputInvalid>()("CoachInputInvalid") {}

/** Past the per-athlete limit of the sliding hour: 429 with Retry-After. */
export class CoachRateLimited extends DomainError<CoachRateLimited>()("CoachRateLimited", { kind: "rate-limited", code: "COACH_RATE_LIMITED" }, {
  retryAfterMs: Schema.Number
}) {
  override get message() {
    return `Too many questions to the coach; try again in ${Math.max(1, Math.ceil(this.retryAfterMs / 1000))} seconds`
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100

/** The 8 context streams of the athlete at `now` (dates in UTC). */
export const coachContext = Effect.fn("coach.context")(function*(principal: Principal, now: Date = new Date()) {
  const userId = principal.accountId
  const today = now.toISOString().slice(0, 10)
  const activities = (yield* Effect.flatMap(ActivityRepo, (r) => r.listByUser(userId, { limit: 300, offset: 0 }))).items
    .filter((a) => a.startedAt.getTime() >= now.getTime() - 28 * DayMs && a.startedAt.getTime() <= now.getTime())
  const calendar = yield* Effect.flatMap(CalendarRepo, (r) => r.list(userId, { from: today, to: addDays(today, 13) }))
  const enrollments = yield* Effect.flatMap(EnrollmentRepo, (r) => r.list({ userId, status: "ACTIVE", limit: 20, offset: 0 }))
  const joined = yield* Effect.flatMap(ChallengeParticipationRepo, (r) => r.list({ userId, status: "JOINED" }, { page: 1, limit: 50 }))
  const challenges = joined.items.length === 0 ? [] : yield* Effect.flatMap(ChallengeRepo, (r) => r.findByIds([...new Set(joined.items.map((p) => p.challengeId))]))
  const gear = yield* Effect.flatMap(GearRepo, (r) => r.list(userId))
  const bookings = yield* Effect.flatMap(BookingRepo, (r) => r.list({ userId, page: 1, limit: 50 }))
  const events = yield* EventRepo
  const races = yield* Effect.forEach(
    bookings.items.filter((b) => b.participation.status === "PENDING" || b.participation.status === "CONFIRMED"),
    (b) => Effect.map(events.findById(b.participation.eventId), Option.map((event) => ({ booking: b.participation, event })))
  )
  const { preferences } = yield* Effect.flatMap(TrackingPreferencesRepo, (r) => r.get(userId))
  const context: CoachContext = {
    generatedAt: now,
    streams: {
      recentActivities: activities.slice(0, 50).map((a) => ({
        id: a.id,
        sport: a.sport,
        title: a.title,
        startedAt: a.startedAt,
        durationSeconds: a.durationSeconds,
        distanceMeters: a.distanceMeters,
        paceSecondsPerKm: a.paceSecondsPerKm
      })),
      trainingLoad: trainingLoadOf(activities, now),
      calendar: calendar.map((w) => ({
        id: w.id,
        date: w.date,
        title: w.title,
        sport: w.sport,
        intensity: w.intensity,
        plannedDurationMinutes: w.plannedDurationMinutes,
        plannedDistanceMeters: w.plannedDistanceMeters,
        status: w.status
      })),
      programs: enrollments.items.map((e) => ({ enrollmentId: e.id, programTitle: e.programTitle, status: e.status, startDate: e.startDate, endDate: e.endDate })),
      goals: challenges.filter((c) => c.endsAt.getTime() > now.getTime()).sort((a, b) => a.endsAt.getTime() - b.endsAt.getTime()).map((c) => ({
        challengeId: c.id,
        title: c.title,
        goalType: c.goalType,
        goalValue: c.goalValue,
        startsAt: c.startsAt,
        endsAt: c.endsAt
      })),
      gear: gear.filter((g) => !g.retired).map((g) => ({
        id: g.id,
        name: g.name,
        distanceMeters: g.distanceMeters,
        maxDistanceMeters: g.maxDistanceMeters,
        wornPercent: g.maxDistanceMeters === null ? null : round2((g.distanceMeters / g.maxDistanceMeters) * 100)
      })),
      races: races.flatMap((r) => (Option.isSome(r) ? [r.value] : []))
        .filter((r) => r.event.startsAt.getTime() > now.getTime())
        .sort((a, b) => a.event.startsAt.getTime() - b.event.startsAt.getTime())
        .map(({ booking, event }) => ({
          participationId: booking.id,
          eventId: event.id,
          eventTitle: event.title,
          city: event.city,
          startsAt: event.startsAt,
          status: booking.status,
          daysToGo: Math.ceil((event.startsAt.getTime() - now.getTime()) / DayMs)
        })),
      preferences: {
        defaultSport: preferences.defaultSport,
        defaultVisibility: preferences.defaultVisibility,
        autoPause: preferences.autoPause,
        privacyRadiusMeters: preferences.privacyRadiusMeters
      }
    }
  }
  return context
})

/** How far each running goal is, from the activities that count for it (the leaderboards' source). */
const goalProgress = Effect.fn("coach.goalProgress")(function*(principal: Principal, context: CoachContext, now: Date) {
  if (context.streams.goals.length === 0) return []
  const challenges = yield* Effect.flatMap(ChallengeRepo, (r) => r.findByIds(context.streams.goals.map((g) => g.challengeId)))
  return yield* Effect.forEach(challenges, (challenge) =>
    Effect.map(eligibleActivities({ userIds: [principal.accountId], from: challenge.startsAt, to: challenge.endsAt }), (activities): GoalProgress => {
      const done = round2(activities.filter((a) => counts(challenge, a)).reduce((n, a) => n + contribution(challenge.goalType, a), 0))
      const daysLeft = Math.max(0, Math.ceil((challenge.endsAt.getTime() - now.getTime()) / DayMs))
      const left = Math.max(0, challenge.goalValue - done)
      return {
        challengeId: challenge.id,
        title: challenge.title,
        goalType: challenge.goalType,
        goalValue: challenge.goalValue,
        done,
        percent: round2(Math.min(100, (done / challenge.goalValue) * 100)),
        daysLeft,
        perDayNeeded: left === 0 ? 0 : round2(left / Math.max(1, daysLeft))
      }
    }))
})

const limitHit = Effect.fn("coach.limit")(function*(key: string) {
  const { asksPerHour } = yield* CoachSettings
  const decision = yield* Effect.flatMap(RateLimiter, (l) => l.hit(key, { limit: asksPerHour, window: "1 hour" }))
  if (!decision.allowed) return yield* new CoachRateLimited({ retryAfterMs: decision.retryAfterMs })
})

const requireModel = Effect.flatMap(LanguageModel, (model) =>
  model.model === null ? Effect.fail(new LanguageModelNotConfigured({ reason: "set LANGUAGE_MODEL_API_KEY (and LANGUAGE_MODEL_URL, LANGUAGE_MODEL_NAME)" })) : Effect.void)

const requireSpeech = Effect.flatMap(Speech, (speech) =>
  speech.provider === "none" ? Effect.fail(new SpeechProviderNotConfigured({ reason: "set SPEECH_PROVIDER" })) : Effect.void)

export interface AskInput {
  readonly question: string
  readonly locale?: string | undefined
}

const answer = Effect.fn("coach.answer")(function*(principal: Principal, input: AskInput, channel: CoachExchange["channel"]) {
  const now = new Date()
  const locale = input.locale ?? "en"
  const context = yield* coachContext(principal, now)
  const goals = yield* goalProgress(principal, context, now)
  const toolCalls = toolCallsFor(input.question, context, now.toISOString().slice(0, 10), goals)
  const model = yield* LanguageModel
  const completion = yield* model.complete({ question: input.question, locale, context, toolCalls })
  return yield* Effect.flatMap(CoachRepo, (r) =>
    r.record({
      userId: principal.accountId,
      channel,
      locale,
      question: input.question,
      reply: completion.text,
      toolCalls,
      provider: model.provider,
      model: completion.model,
      promptTokens: completion.promptTokens,
      completionTokens: completion.completionTokens
    }))
})

const trimmedQuestion = (question: string) => {
  const text = question.trim()
  return text === "" ? Effect.fail(new CoachInputInvalid({ messages: ["question should not be empty"] })) : Effect.succeed(text)
}

/** A question to the coach: the reply, the tool calls it rests on, the tokens it cost. */
export const askCoach = Effect.fn("coach.ask")(function*(principal: Principal, input: AskInput) {
  const question = yield* trimmedQuestion(input.question)
  yield* requireModel
  yield* limitHit(`coach:ask:${principal.accountId}`)
  return yield* answer(principal, { ...input, question }, "text")
})

/** At most 5 MB of audio once decoded. */
const MaxAudioBytes = 5 * 1024 * 1024
const AudioTypes = ["audio/wav", "audio/x-wav", "audio/wave", "audio/webm", "audio/ogg", "audio/mpeg", "audio/mp4"]

/** Base64 audio heard in `locale` and forwarded to ask; silence (nothing heard) is 400. */
export const voiceAskCoach = Effect.fn("coach.voiceAsk")(function*(
  principal: Principal,
  input: { readonly audio: string; readonly contentType?: string | undefined; readonly locale?: string | undefined }
) {
  const contentType = (input.contentType ?? "audio/wav").toLowerCase()
  const messages: Array<string> = []
  const compact = input.audio.replace(/\s+/g, "")
  if (compact === "" || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) messages.push("audio must be base64-encoded audio")
  else if ((compact.length / 4) * 3 > MaxAudioBytes + 3) messages.push("audio must be at most 5 MB")
  if (!AudioTypes.includes(contentType)) messages.push(`contentType must be one of the following values: ${AudioTypes.join(", ")}`)
  if (messages.length > 0) return yield* new CoachInputInvalid({ messages })
  yield* requireSpeech
  yield* requireModel
  yield* limitHit(`coach:ask:${principal.accountId}`)
  const locale = input.locale ?? "en"
  const bytes = Either.getOrElse(Encoding.decodeBase64(compact), () => new Uint8Array())
  const transcript = (yield* Effect.flatMap(Speech, (s) => s.transcribe({ bytes, contentType }, locale))).trim()
  if (transcript === "") return yield* new CoachInputInvalid({ messages: ["audio must contain a spoken question"] })
  const exchange = yield* answer(principal, { question: transcript.slice(0, 2000), locale }, "voice")
  return { transcript, exchange }
})

/** Text to base64 audio in `locale`. */
export const speakCoach = Effect.fn("coach.speak")(function*(principal: Principal, input: { readonly text: string; readonly locale?: string | undefined }) {
  const text = input.text.trim()
  if (text === "") return yield* new CoachInputInvalid({ messages: ["text should not be empty"] })
  yield* requireSpeech
  yield* limitHit(`coach:speak:${principal.accountId}`)
  const locale = input.locale ?? "en"
  const spoken = yield* Effect.flatMap(Speech, (s) => s.synthesize(text, locale))
  return { audio: Encoding.encodeBase64(spoken.bytes), contentType: spoken.contentType, durationMs: spoken.durationMs, locale }
})

export const coachHistory = (principal: Principal, page: { readonly limit: number; readonly offset: number }) =>
  Effect.map(Effect.flatMap(CoachRepo, (r) => r.history(principal.accountId, page)), (p) => ({ ...p, limit: page.limit, offset: page.offset }))

/** Whether the coach is on and with which model, the limit, and the athlete's usage this month (UTC); never 503. */
export const coachStatus = Effect.fn("coach.status")(function*(principal: Principal) {
  const model = yield* LanguageModel
  const speech = yield* Speech
  const { asksPerHour } = yield* CoachSettings
  const now = new Date()
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const usage = yield* Effect.flatMap(CoachRepo, (r) => r.usage(principal.accountId, since))
  return {
    enabled: model.model !== null,
    provider: model.provider,
    model: model.model,
    voice: { enabled: speech.provider !== "none", provider: speech.provider },
    rateLimit: { asksPerHour },
    usage
  } satisfies CoachStatus
})
