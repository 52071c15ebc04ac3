/**
 * Medals and profile cards (C Athlete "Medals and series", "Profile cards"): medals are derived
 * from published results (no separate award step can drift from them): gold, silver and bronze
 * for overall places 1 to 3, finisher for every other result. Cards are SVG drawn from the same
 * medals; every piece of user text is escaped, so an athlete named `<script>` renders as text.
 */
import type { Medal, MedalKind, ShareCardTheme } from "@podium/kernel"
import { Effect, Option, Schema } from "effect"
import { DomainError } from "@podium/kernel"
import { fullNameOf } from "../accounts/account.model.js"
import { UserRepo } from "../accounts/account.port.js"
import { EventNotFound, isPubliclyVisible } from "../events/event.model.js"
import { EventRepo } from "../events/event.port.js"
import { ResultNotFound } from "./results.model.js"
import { ResultsRepo } from "./results.port.js"
import { escapeXml } from "../platform/markup.js"

export class AthleteNotFound extends DomainError<AthleteNotFound>()("AthleteNotFound", { kind: "not-found", code: "ATHLETE_NOT_FOUND" }, {
  ref: Schema.String
}) {
  override get message() {
    return `Athlete ${this.ref} not found`
  }
}

const tally = (items: ReadonlyArray<Medal>): Record<MedalKind, number> => {
  const out: Record<MedalKind, number> = { gold: 0, silver: 0, bronze: 0, finisher: 0 }
  for (const m of items) out[m.kind]++
  return out
}

/** The podium (places 1 to 3) of every published leaderboard of a public event. */
export const eventTopMedals = Effect.fn("results.medals.eventTop")(function*(eventId: string) {
  const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(eventId))
  if (Option.isNone(event) || !isPubliclyVisible(event.value)) return yield* new EventNotFound({ ref: eventId })
  return { eventId, items: yield* Effect.flatMap(ResultsRepo, (r) => r.medals({ eventId, maxPlace: 3 })) }
})

/** An athlete's medals with their count per metal (public: the results they come from are). */
export const userMedals = Effect.fn("results.medals.user")(function*(userId: string) {
  const items = yield* Effect.flatMap(ResultsRepo, (r) => r.medals({ userId }))
  return { userId, summary: tally(items), items }
})

// --- cards ----------------------------------------------------------------------------------

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** A finish time as h:mm:ss. */
export const finishTimeText = (ms: number) => {
  const s = Math.round(ms / 1000)
  const hh = Math.floor(s / 3600)
  const mm = Math.floor((s % 3600) / 60)
  const ss = s % 60
  return `${hh}:${String(mm).padStart(2, "0")}:${String(ss).padStart(2, "0")}`
}

const athleteOf = (userId: string) =>
  Effect.gen(function*() {
    const user = yield* Effect.flatMap(UserRepo, (r) => r.findById(userId))
    if (Option.isNone(user)) return yield* new AthleteNotFound({ ref: userId })
    const name = fullNameOf(user.value)
    const { summary, items } = yield* userMedals(userId)
    return { name: name === "" ? "Podium athlete" : name, summary, latest: items[0] }
  })

/** The 1200×630 profile card (SVG until a PNG renderer lands: the answer says image/svg+xml). */
export const profileCardSvg = Effect.fn("results.cards.profile")(function*(userId: string) {
  const a = yield* athleteOf(userId)
  const races = a.summary.gold + a.summary.silver + a.summary.bronze + a.summary.finisher
  const latest = a.latest === undefined ? "No published results yet" : `Latest: ${a.latest.eventTitle} · ${finishTimeText(a.latest.elapsedMs)} · #${a.latest.place}`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">`,
    `<rect width="1200" height="630" fill="#101828"/>`,
    `<text x="80" y="200" font-family="Helvetica, Arial, sans-serif" font-size="72" font-weight="700" fill="#ffffff">${escapeXml(clip(a.name, 28))}</text>`,
    `<text x="80" y="290" font-family="Helvetica, Arial, sans-serif" font-size="36" fill="#98a2b3">${races} race${races === 1 ? "" : "s"} · ${a.summary.gold} gold · ${a.summary.silver} silver · ${a.summary.bronze} bronze</text>`,
    `<text x="80" y="360" font-family="Helvetica, Arial, sans-serif" font-size="30" fill="#d0d5dd">${escapeXml(clip(latest, 70))}</text>`,
    `<text x="80" y="560" font-family="Helvetica, Arial, sans-serif" font-size="28" fill="#f79009">Podium</text>`,
    `</svg>`
  ].join("")
})

const Themes: Record<ShareCardTheme, { readonly background: string; readonly text: string; readonly accent: string }> = {
  classic: { background: "#ffffff", text: "#101828", accent: "#f79009" },
  night: { background: "#0c111d", text: "#f5f5f6", accent: "#7f56d9" },
  sunrise: { background: "#fef0c7", text: "#7a2e0e", accent: "#f04438" },
  forest: { background: "#053321", text: "#ecfdf3", accent: "#32d583" },
  mono: { background: "#000000", text: "#ffffff", accent: "#ffffff" }
}

/** The 1080×1920 share card in one of five themes. */
export const shareCardSvg = Effect.fn("results.cards.share")(function*(userId: string, theme: ShareCardTheme) {
  const a = yield* athleteOf(userId)
  const t = Themes[theme]
  const line = (y: number, size: number, text: string, color = t.text, weight = "400") =>
    `<text x="540" y="${y}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="${color}">${escapeXml(text)}</text>`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1920" viewBox="0 0 1080 1920" data-theme="${theme}">`,
    `<rect width="1080" height="1920" fill="${t.background}"/>`,
    line(520, 84, clip(a.name, 22), t.text, "700"),
    line(760, 200, String(a.summary.gold + a.summary.silver + a.summary.bronze + a.summary.finisher), t.accent, "700"),
    line(850, 48, "races finished"),
    line(1050, 44, `${a.summary.gold} gold · ${a.summary.silver} silver · ${a.summary.bronze} bronze`),
    ...(a.latest === undefined ? [] : [line(1250, 40, clip(a.latest.eventTitle, 36)), line(1320, 56, `${finishTimeText(a.latest.elapsedMs)} · #${a.latest.place}`, t.accent, "700")]),
    line(1780, 40, "Podium", t.accent, "700"),
    `</svg>`
  ].join("")
})

/** The 1080×1080 finisher card of an athlete's published result at a public event (404 without one). */
export const finisherCardSvg = Effect.fn("results.cards.finisher")(function*(eventId: string, userId: string) {
  const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(eventId))
  if (Option.isNone(event) || !isPubliclyVisible(event.value)) return yield* new EventNotFound({ ref: eventId })
  const [best] = yield* Effect.flatMap(ResultsRepo, (r) => r.medals({ eventId, userId }))
  if (best === undefined) return yield* new ResultNotFound({ ref: userId })
  const { name } = yield* athleteOf(userId)
  const line = (y: number, size: number, text: string, color = "#ffffff", weight = "400") =>
    `<text x="540" y="${y}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="${color}">${escapeXml(text)}</text>`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080" viewBox="0 0 1080 1080">`,
    `<rect width="1080" height="1080" fill="#101828"/>`,
    line(200, 44, "FINISHER", "#f79009", "700"),
    line(330, 72, clip(name, 24), "#ffffff", "700"),
    line(450, 44, clip(event.value.title, 36), "#d0d5dd"),
    line(640, 140, finishTimeText(best.elapsedMs), "#ffffff", "700"),
    line(760, 52, `#${best.place} overall · ${best.leaderboardName}`, "#98a2b3"),
    ...(best.kind === "finisher" ? [] : [line(860, 48, `${best.kind.toUpperCase()} MEDAL`, "#f79009", "700")]),
    line(1000, 32, "Podium", "#f79009", "700"),
    `</svg>`
  ].join("")
})
