/**
 * C "Athlete / AI coach" (signed-in athletes): ask (reply plus the structured tool calls the server
 * computed; 503 LANGUAGE_MODEL_NOT_CONFIGURED when the language-model key is unset), the 8 context
 * streams, the history of questions and answers, the status (enabled flag and active model; never
 * 503), voice ask (base64 audio heard in the requested locale and forwarded to ask) and speak (text
 * to base64 audio); both voice operations 503 SPEECH_PROVIDER_NOT_CONFIGURED. Asks (text and voice
 * together) and speaks are limited per athlete per sliding hour: 429 COACH_RATE_LIMITED.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, CoachContext, CoachExchange, CoachLocale, CoachQuestion, CoachSpeech, CoachStatus, CoachVoiceAnswer, Optional, Query, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, Requires, Role } from "../common/index.js"
import { OffsetPage, OffsetPageOf } from "./programs.group.js"

export const CoachAskBody = Body({ question: CoachQuestion, locale: Optional(CoachLocale) })
/** `audio`: base64 (at most 5 MB decoded); `contentType` default audio/wav; `locale` default en. */
export const CoachVoiceAskBody = Body({ audio: Schema.String, contentType: Optional(Schema.String), locale: Optional(CoachLocale) })
export const CoachSpeakBody = Body({ text: StrLength(1, 2000), locale: Optional(CoachLocale) })
export const CoachHistoryQuery = Query(OffsetPage)

export class CoachGroup extends HttpApiGroup.make("coach")
  .add(op.post("askCoach", "/v2/coach/ask", { body: CoachAskBody, ok: CoachExchange, summary: "Ask the coach: the reply with the tool calls (training load, weekly plan, race readiness, gear, goals) it explains; kept in the history with its token counts (503 LANGUAGE_MODEL_NOT_CONFIGURED, 429 COACH_RATE_LIMITED)" }))
  .add(op.get("coachContext", "/v2/coach/context", { ok: CoachContext, summary: "The 8 context streams the coach reads: recent activities, training load, calendar, programs, goals, gear, races, preferences" }))
  .add(op.get("coachHistory", "/v2/coach/history", { query: CoachHistoryQuery, ok: OffsetPageOf(CoachExchange), summary: "The caller's past questions and answers, newest first (limit, offset)" }))
  .add(op.get("coachStatus", "/v2/coach/status", { ok: CoachStatus, summary: "Whether the coach is enabled and its active model, voice, the limit and the caller's usage this month; never 503" }))
  .add(op.post("voiceAskCoach", "/v2/coach/voice/ask", { body: CoachVoiceAskBody, ok: CoachVoiceAnswer, summary: "Ask by voice: base64 audio transcribed in the requested locale and forwarded to ask (503 SPEECH_PROVIDER_NOT_CONFIGURED)" }))
  .add(op.post("speakCoach", "/v2/coach/voice/speak", { body: CoachSpeakBody, ok: CoachSpeech, summary: "Text to base64 audio in the requested locale (503 SPEECH_PROVIDER_NOT_CONFIGURED)" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("user"))
  .annotate(OpenApi.Title, "Athlete / AI coach")
  .annotate(OpenApi.Description, "Questions answered from the athlete's own data: numbers and plans are computed by the platform, the language model explains them")
{}
