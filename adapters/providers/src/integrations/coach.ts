/**
 * The coach's providers.
 *
 * - `LanguageModelHttp`: an OpenAI-compatible chat completions API (`POST <url>/chat/completions`,
 *   bearer key, `{ model, messages, temperature }` → `choices[0].message.content` and `usage`). The
 *   system message tells the model to explain the facts it is given and to invent no number.
 * - `LanguageModelLocal`: deterministic rules over the context and the tool results (development,
 *   tests, demos offline): every sentence is built from the athlete's numbers; tokens are counted as
 *   one per 4 characters so the accounting behaves as with a real model. It answers in English
 *   whatever the locale.
 * - `LanguageModelUnconfigured`: 503 LANGUAGE_MODEL_NOT_CONFIGURED.
 * - `SpeechLocal`: transcribes the text a WAV carries in its RIFF `LIST`/`INFO`/`ICMT` chunk (test
 *   fixtures, and what `synthesize` itself writes, so speak → voice ask round-trips); any other
 *   audio is heard as nothing. Speaks a real 16 kHz mono 16-bit PCM WAV: a 440 Hz tone of 60 ms per
 *   letter and 120 ms of silence between words (0.5–120 s), the text in its ICMT chunk.
 * - `SpeechUnconfigured`: 503 SPEECH_PROVIDER_NOT_CONFIGURED.
 */
import { Training } from "@podium/core"
import type { CoachToolCall } from "@podium/kernel"
import { Effect, Layer, Redacted } from "effect"
import { request } from "undici"

const SystemPrompt = [
  "You are Podium's running and endurance coach.",
  "You are given the athlete's context and the results of tools the platform computed (training load, plans, readiness, gear, goals).",
  "Explain those results and answer the question in a few short paragraphs, in the athlete's locale.",
  "Never invent numbers, dates or workouts: use only the figures given; if something is missing, say so.",
  "You are not a doctor: for pain, injury or illness, advise seeing a professional."
].join(" ")

/** The messages sent to a chat model: the rules, the facts as JSON, the question. */
export const coachMessages = (prompt: Training.CoachPrompt) => [
  { role: "system", content: SystemPrompt },
  { role: "system", content: `Locale: ${prompt.locale}\nFacts (JSON): ${JSON.stringify({ context: prompt.context.streams, tools: prompt.toolCalls })}` },
  { role: "user", content: prompt.question }
]

export const LanguageModelHttp = (settings: { readonly url: string; readonly apiKey: Redacted.Redacted<string>; readonly model: string }) =>
  Layer.succeed(Training.LanguageModel, Training.LanguageModel.of({
    provider: "http",
    model: settings.model,
    complete: (prompt) =>
      Effect.tryPromise({
        try: async () => {
          const res = await request(`${settings.url.replace(/\/$/, "")}/chat/completions`, {
            method: "POST",
            headers: { authorization: `Bearer ${Redacted.value(settings.apiKey)}`, "content-type": "application/json", accept: "application/json" },
            body: JSON.stringify({ model: settings.model, messages: coachMessages(prompt), temperature: 0.2 }),
            headersTimeout: 30_000,
            bodyTimeout: 30_000
          })
          const text = await res.body.text()
          if (res.statusCode !== 200) throw new Error(`the language model answered ${res.statusCode}`)
          const json = JSON.parse(text) as {
            model?: unknown
            choices?: Array<{ message?: { content?: unknown } }>
            usage?: { prompt_tokens?: unknown; completion_tokens?: unknown }
          }
          const content = json.choices?.[0]?.message?.content
          if (typeof content !== "string" || content.trim() === "") throw new Error("the language model answered no text")
          const count = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0)
          return {
            text: content.trim(),
            model: typeof json.model === "string" && json.model !== "" ? json.model : settings.model,
            promptTokens: count(json.usage?.prompt_tokens),
            completionTokens: count(json.usage?.completion_tokens)
          }
        },
        catch: (e) => new Training.LanguageModelFailed({ reason: e instanceof Error ? e.message : String(e) })
      })
  }))

const km = (meters: number) => `${(meters / 1000).toFixed(1)} km`
const duration = (seconds: number) => {
  const h = Math.floor(seconds / 3600)
  const m = Math.round((seconds % 3600) / 60)
  return h > 0 ? `${h} h ${m} min` : `${m} min`
}
const result = (calls: ReadonlyArray<CoachToolCall>, name: CoachToolCall["name"]) => calls.find((c) => c.name === name)?.result as Record<string, unknown> | undefined

/** The local coach's answer: sentences chosen by rules over the context and the tool results. */
export const localCoachAnswer = (prompt: Training.CoachPrompt): string => {
  const { trainingLoad: load, programs, calendar } = prompt.context.streams
  const parts: Array<string> = []
  if (load.trend === "no_data") {
    parts.push("I see no activities in your last 28 days, so start gently: short easy sessions, and build from there.")
  } else {
    parts.push(
      `In the last 7 days you logged ${load.activitiesLast7Days} ${load.activitiesLast7Days === 1 ? "activity" : "activities"} for ${km(load.distanceLast7DaysMeters)} (${duration(load.durationLast7DaysSeconds)}); ` +
        `your 4-week average is ${km(load.weeklyAverageDistanceMeters)} a week.`
    )
    parts.push(
      load.trend === "building_fast"
        ? `That is ${load.acuteChronicRatio}× your usual load: you are building fast, so keep this week a little lighter to absorb it.`
        : load.trend === "easing"
        ? `That is ${load.acuteChronicRatio}× your usual load: an easier week, fine for recovery; you can build again gradually.`
        : `That is ${load.acuteChronicRatio}× your usual load: a steady progression.`
    )
  }
  const plan = result(prompt.toolCalls, "weekly_plan")
  if (plan !== undefined) {
    const days = plan.days as ReadonlyArray<{ date: string; kind: string; distanceMeters: number; note: string }>
    const lines = days.filter((d) => d.kind !== "rest").map((d) => `${d.date}: ${d.kind}${d.distanceMeters > 0 ? ` ${km(d.distanceMeters)}` : ""} (${d.note})`)
    parts.push(`For the next 7 days I suggest about ${km(plan.targetMeters as number)}: ${lines.length === 0 ? "rest and mobility" : lines.join("; ")}; the other days rest.`)
  } else if (calendar.length > 0) {
    parts.push(`You have ${calendar.length} workout${calendar.length === 1 ? "" : "s"} on your calendar in the next two weeks, the first "${calendar[0]!.title}" on ${calendar[0]!.date}.`)
  }
  const race = result(prompt.toolCalls, "race_readiness")
  if (race !== undefined && race.hasRace === true) {
    const phase = race.phase as string
    parts.push(
      `${String(race.eventTitle)} is in ${String(race.daysToGo)} days, so you are in the ${phase.replace("_", " ")} phase` +
        (phase === "race_week" ? ": keep sessions short and sharp, sleep well, nothing new on race day." : phase === "taper" ? ": cut volume by about 40% and keep some pace work." : `; your taper starts in ${String(race.taperStartsInDays)} days.`)
    )
  } else if (race !== undefined) {
    parts.push("You have no race booked yet; a target event helps structure your training.")
  }
  const gear = result(prompt.toolCalls, "gear_check")
  if (gear !== undefined) {
    const worn = gear.replaceSoon as ReadonlyArray<{ name: string; wornPercent: number }>
    parts.push(worn.length === 0 ? "Your gear is within its replacement distance." : worn.map((g) => `${g.name} is at ${g.wornPercent}% of its replacement distance; plan a new pair.`).join(" "))
  }
  const goals = result(prompt.toolCalls, "goal_progress")
  if (goals !== undefined) {
    const items = goals.goals as ReadonlyArray<Training.GoalProgress>
    parts.push(
      items.length === 0
        ? "You have no running challenge goal at the moment."
        : items.map((g) => `${g.title}: ${g.percent}% done with ${g.daysLeft} days left${g.perDayNeeded > 0 ? ` (${g.perDayNeeded} ${g.goalType === "DISTANCE" ? "m" : g.goalType === "DURATION" ? "s" : g.goalType === "ELEVATION" ? "m up" : "activities"} a day to finish)` : ", goal reached"}.`).join(" ")
    )
  }
  if (programs.length > 0) parts.push(`You are following ${programs.map((p) => `"${p.programTitle}" (until ${p.endDate})`).join(", ")}.`)
  if (/\b(pain|hurt|injur|sick|ill)\w*/i.test(prompt.question)) parts.push("For pain, injury or illness, please see a medical professional before training on.")
  return parts.join(" ")
}

const tokens = (text: string) => Math.ceil(text.length / 4)

export const LanguageModelLocal = Layer.succeed(Training.LanguageModel, Training.LanguageModel.of({
  provider: "local",
  model: "podium-local-rules-1",
  complete: (prompt) =>
    Effect.sync(() => {
      const text = localCoachAnswer(prompt)
      return { text, model: "podium-local-rules-1", promptTokens: tokens(coachMessages(prompt).map((m) => m.content).join("\n")), completionTokens: tokens(text) }
    })
}))

export const LanguageModelUnconfigured = Layer.succeed(Training.LanguageModel, Training.LanguageModel.of({
  provider: "none",
  model: null,
  complete: () => Effect.fail(new Training.LanguageModelNotConfigured({ reason: "set LANGUAGE_MODEL_API_KEY (LANGUAGE_MODEL_URL, LANGUAGE_MODEL_NAME)" }))
}))

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!)

/** The ICMT text of a RIFF/WAVE file's LIST/INFO chunk, if any. */
export const wavComment = (bytes: Uint8Array): string | undefined => {
  if (bytes.length < 12 || ascii(bytes, 0) !== "RIFF" || ascii(bytes, 8) !== "WAVE") return undefined
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = 12
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at)
    const size = view.getUint32(at + 4, true)
    if (at + 8 + size > bytes.length) return undefined
    if (id === "LIST" && size >= 4 && ascii(bytes, at + 8) === "INFO") {
      let sub = at + 12
      while (sub + 8 <= at + 8 + size) {
        const subSize = view.getUint32(sub + 4, true)
        if (ascii(bytes, sub) === "ICMT") {
          const raw = bytes.subarray(sub + 8, Math.min(sub + 8 + subSize, bytes.length))
          const nul = raw.indexOf(0)
          return new TextDecoder("utf-8").decode(nul === -1 ? raw : raw.subarray(0, nul))
        }
        sub += 8 + subSize + (subSize % 2)
      }
    }
    at += 8 + size + (size % 2)
  }
  return undefined
}

const SampleRate = 16_000

/** A 16 kHz mono 16-bit PCM WAV of `samples`, with `comment` in a LIST/INFO/ICMT chunk. */
export const wavOf = (samples: Int16Array, comment: string): Uint8Array => {
  const text = new TextEncoder().encode(comment)
  const icmtSize = text.length + 1
  const icmtPadded = icmtSize + (icmtSize % 2)
  const listSize = 4 + 8 + icmtPadded
  const dataSize = samples.length * 2
  const total = 12 + 24 + (8 + listSize) + 8 + dataSize
  const bytes = new Uint8Array(total)
  const view = new DataView(bytes.buffer)
  const put = (at: number, s: string) => bytes.set(new TextEncoder().encode(s), at)
  put(0, "RIFF")
  view.setUint32(4, total - 8, true)
  put(8, "WAVE")
  put(12, "fmt ")
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true) // PCM
  view.setUint16(22, 1, true) // mono
  view.setUint32(24, SampleRate, true)
  view.setUint32(28, SampleRate * 2, true)
  view.setUint16(32, 2, true)
  view.setUint16(34, 16, true)
  put(36, "LIST")
  view.setUint32(40, listSize, true)
  put(44, "INFO")
  put(48, "ICMT")
  view.setUint32(52, icmtSize, true)
  bytes.set(text, 56)
  const dataAt = 56 + icmtPadded
  put(dataAt, "data")
  view.setUint32(dataAt + 4, dataSize, true)
  for (let i = 0; i < samples.length; i++) view.setInt16(dataAt + 8 + i * 2, samples[i]!, true)
  return bytes
}

/** A tone per word (60 ms a letter) and silence between words, 0.5–120 s in all. */
const toneOf = (text: string): Int16Array => {
  const words = text.split(/\s+/).filter((w) => w !== "")
  const spans = words.flatMap((w, i) => (i === 0 ? [] : [{ tone: false, ms: 120 }]).concat([{ tone: true, ms: 60 * [...w].length }]))
  const wanted = Math.min(120_000, Math.max(500, spans.reduce((n, s) => n + s.ms, 0)))
  const samples = new Int16Array(Math.round((wanted * SampleRate) / 1000))
  let at = 0
  for (const span of spans) {
    const n = Math.round((span.ms * SampleRate) / 1000)
    for (let i = 0; i < n && at < samples.length; i++, at++) samples[at] = span.tone ? Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / SampleRate)) : 0
  }
  return samples
}

export const SpeechLocal = Layer.succeed(Training.Speech, Training.Speech.of({
  provider: "local",
  transcribe: (audio) => Effect.sync(() => wavComment(audio.bytes) ?? ""),
  synthesize: (text) =>
    Effect.sync(() => {
      const samples = toneOf(text)
      return { bytes: wavOf(samples, text), contentType: "audio/wav", durationMs: Math.round((samples.length * 1000) / SampleRate) }
    })
}))

export const SpeechUnconfigured = Layer.succeed(Training.Speech, Training.Speech.of({
  provider: "none",
  transcribe: () => Effect.fail(new Training.SpeechProviderNotConfigured({ reason: "set SPEECH_PROVIDER" })),
  synthesize: () => Effect.fail(new Training.SpeechProviderNotConfigured({ reason: "set SPEECH_PROVIDER" }))
}))
