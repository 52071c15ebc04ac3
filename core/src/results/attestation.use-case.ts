/**
 * The challenge attestation (C Athlete "Attestation"): a 1080×1920 SVG the athlete can share or
 * print, stating their participation in a challenge and their progress toward its goal. It reads
 * the challenges context through its use case and repositories (no copy of its tables), so it
 * always says what the challenge's own progress read says. User text is escaped.
 */
import type { Challenge, ChallengeProgress } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import { fullNameOf } from "../accounts/account.model.js"
import { UserRepo } from "../accounts/account.port.js"
import { ParticipationRevoked } from "../challenges/challenge.model.js"
import { ChallengeRepo } from "../challenges/challenge.port.js"
import { myChallengeProgress } from "../challenges/progress.use-case.js"
import type { Principal } from "../identity/principal.model.js"
import { escapeXml } from "../platform/markup.js"

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

const goalText = (challenge: Pick<Challenge, "goalType">, value: number) =>
  challenge.goalType === "DISTANCE"
    ? `${(value / 1000).toLocaleString("en-IN", { maximumFractionDigits: 2 })} km`
    : challenge.goalType === "DURATION"
    ? `${(value / 3600).toLocaleString("en-IN", { maximumFractionDigits: 1 })} h`
    : challenge.goalType === "ELEVATION"
    ? `${value.toLocaleString("en-IN")} m elevation`
    : `${value.toLocaleString("en-IN")} activities`

/** A date in the challenge's own time zone, e.g. "26 Nov 2026". */
const dateIn = (at: Date, timeZone: string) => at.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone })

/**
 * The caller's attestation for a challenge they joined (404 PARTICIPATION_NOT_FOUND otherwise).
 * A revoked participation is refused (409 PARTICIPATION_REVOKED): an attestation must never
 * vouch for an effort the platform has struck out. An athlete who left keeps the record of what
 * they did while joined, marked as such.
 */
export const challengeAttestationSvg = Effect.fn("results.cards.attestation")(function*(athlete: Principal, challengeId: string) {
  const mine = yield* myChallengeProgress(athlete, challengeId)
  if (mine.participationStatus === "REVOKED") return yield* new ParticipationRevoked({ challengeId })
  const challenge = yield* Effect.flatMap(ChallengeRepo, (r) => r.findById(challengeId)).pipe(Effect.map(Option.getOrThrow))
  const user = yield* Effect.flatMap(UserRepo, (r) => r.findById(athlete.accountId))
  const name = Option.match(user, {
    onNone: () => "",
    onSome: fullNameOf
  })
  const progress: ChallengeProgress = mine.progress
  const now = yield* Clock.currentTimeMillis
  const line = (y: number, size: number, text: string, color = "#101828", weight = "400") =>
    `<text x="540" y="${y}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="${color}">${escapeXml(text)}</text>`
  const status = progress.completed
    ? `Completed on ${dateIn(progress.completedAt ?? challenge.endsAt, challenge.timeZone)}`
    : mine.participationStatus === "LEFT"
    ? "Took part (left the challenge)"
    : challenge.endsAt.getTime() <= now
    ? "Took part"
    : "Taking part"
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1920" viewBox="0 0 1080 1920">`,
    `<rect width="1080" height="1920" fill="#ffffff"/>`,
    `<rect x="40" y="40" width="1000" height="1840" fill="none" stroke="#f79009" stroke-width="6"/>`,
    line(260, 48, "ATTESTATION OF PARTICIPATION", "#f79009", "700"),
    line(420, 40, "This is to attest that", "#475467"),
    line(540, 80, clip(name === "" ? "Podium athlete" : name, 22), "#101828", "700"),
    line(660, 40, "took part in", "#475467"),
    line(780, 60, clip(challenge.title, 30), "#101828", "700"),
    line(860, 36, `${dateIn(challenge.startsAt, challenge.timeZone)} – ${dateIn(challenge.endsAt, challenge.timeZone)}`, "#475467"),
    line(1060, 44, `Goal: ${goalText(challenge, challenge.goalValue)}`),
    line(1160, 72, goalText(challenge, progress.value), "#f79009", "700"),
    line(1240, 40, `${progress.percent}% of the goal · ${progress.activityCount} activit${progress.activityCount === 1 ? "y" : "ies"}`),
    ...(mine.rank === null ? [] : [line(1320, 40, `Rank #${mine.rank}`)]),
    line(1460, 44, status, "#101828", "700"),
    line(1720, 28, `Participation ${progress.participationId}`, "#98a2b3"),
    line(1800, 40, "Podium", "#f79009", "700"),
    `</svg>`
  ].join("")
})
