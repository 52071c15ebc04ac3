/**
 * The AI coach's ports (C "Athlete / AI coach"):
 *
 * - `LanguageModel`: writes the coach's answer from the question, the athlete's context and the
 *   tool results the server computed. Adapters: `http` (an OpenAI-compatible chat completions API),
 *   `local` (deterministic rules over the context and tool results, for development and tests) and
 *   `unconfigured` (LanguageModelNotConfigured → 503 LANGUAGE_MODEL_NOT_CONFIGURED, the spec's
 *   "503 when the language-model key is unset").
 * - `Speech`: speech-to-text and text-to-speech for the voice operations. Adapters: `local`
 *   (transcribes the transcript a WAV fixture carries in its RIFF `LIST/INFO/ICMT` chunk; speaks a
 *   real 16 kHz mono WAV whose length follows the text) and `unconfigured` (503
 *   SPEECH_PROVIDER_NOT_CONFIGURED).
 * - `CoachRepo`: the exchanges kept for the athlete's history and the token accounting.
 * - `CoachSettings`: the per-athlete ask limit.
 */
import type { CoachContext, CoachExchange, CoachToolCall, CoachUsage } from "@podium/kernel"
import { DomainError } from "@podium/kernel"
import { Context, type Effect, Schema } from "effect"

export class LanguageModelNotConfigured extends DomainError<LanguageModelNotConfigured>()("LanguageModelNotConfigured", {
  kind: "unavailable",
  code: "LANGUAGE_MODEL_NOT_CONFIGURED"
}, { reason: Schema.String }) {
  override get message() {
    return `The coach is not available: ${this.reason}`
  }
}

/** The configured model failed to answer (network, non-200, unreadable answer): 503, nothing is kept. */
export class LanguageModelFailed extends DomainError<LanguageModelFailed>()("LanguageModelFailed", {
  kind: "unavailable",
  code: "LANGUAGE_MODEL_UNAVAILABLE"
}, { reason: Schema.String }) {
  override get message() {
    return `The coach could not answer: ${this.reason}`
  }
}

export class SpeechProviderNotConfigured extends DomainError<SpeechProviderNotConfigured>()("SpeechProviderNotConfigured", {
  kind: "unavailable",
  code: "SPEECH_PROVIDER_NOT_CONFIGURED"
}, { reason: Schema.String }) {
  override get message() {
    return `Voice is not available: ${this.reason}`
  }
}

/** What the model is given: the question and the facts it must explain (it computes nothing itself). */
export interface CoachPrompt {
  readonly question: string
  readonly locale: string
  readonly context: CoachContext
  readonly toolCalls: ReadonlyArray<CoachToolCall>
}

export interface CoachCompletion {
  readonly text: string
  /** The model that answered (as the provider names it). */
  readonly model: string
  readonly promptTokens: number
  readonly completionTokens: number
}

export class LanguageModel extends Context.Tag("@podium/core/training/LanguageModel")<LanguageModel, {
  /** `http`, `local` or `none`. */
  readonly provider: string
  /** The configured model; null when none is. */
  readonly model: string | null
  readonly complete: (prompt: CoachPrompt) => Effect.Effect<CoachCompletion, LanguageModelNotConfigured | LanguageModelFailed>
}>() {}

export interface SpokenAudio {
  readonly bytes: Uint8Array
  readonly contentType: string
  readonly durationMs: number
}

export class Speech extends Context.Tag("@podium/core/training/Speech")<Speech, {
  /** `local` or `none`. */
  readonly provider: string
  /** The words of the audio in `locale` ("" when nothing could be heard). */
  readonly transcribe: (audio: { readonly bytes: Uint8Array; readonly contentType: string }, locale: string) => Effect.Effect<string, SpeechProviderNotConfigured>
  readonly synthesize: (text: string, locale: string) => Effect.Effect<SpokenAudio, SpeechProviderNotConfigured>
}>() {}

export interface NewCoachExchange extends Omit<CoachExchange, "id" | "createdAt"> {}

export class CoachRepo extends Context.Tag("@podium/core/training/CoachRepo")<CoachRepo, {
  readonly record: (exchange: NewCoachExchange) => Effect.Effect<CoachExchange>
  /** The athlete's exchanges, newest first. */
  readonly history: (userId: string, page: { readonly limit: number; readonly offset: number }) => Effect.Effect<{ readonly items: ReadonlyArray<CoachExchange>; readonly total: number }>
  /** Calls and tokens of the athlete's exchanges since `since`. */
  readonly usage: (userId: string, since: Date) => Effect.Effect<CoachUsage>
}>() {}

export interface CoachSettingsShape {
  /** Asks (text and voice together) per athlete per sliding hour; speak has its own limit of the same size. */
  readonly asksPerHour: number
}

/** The coach's limits; defaults to 30 asks per hour. */
export class CoachSettings extends Context.Reference<CoachSettings>()("@podium/core/training/CoachSettings", {
  defaultValue: (): CoachSettingsShape => ({ asksPerHour: 30 })
}) {}
