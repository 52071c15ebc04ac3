/**
 * Progress, leaderboards and analytics of challenges, computed from the athletes' eligible
 * activities (the activities context's `eligibleActivities`: in the window, not held out by an
 * anti-cheat flag) minus those an admin marked INVALID. Only JOINED athletes are on a leaderboard,
 * so a revoked (or left) participation has no entry.
 */
import type { Activity, Challenge, ChallengeParticipation, ChallengeProgress } from "@podium/kernel"
import { Effect, Option } from "effect"
import { ActivityNotFound } from "../activities/activity.model.js"
import { ActivityRepo } from "../activities/activity.port.js"
import { eligibleActivities } from "../activities/activity.use-case.js"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { Transactor } from "../platform/transactor.port.js"
import { ChallengeNotFound, ChallengeInputInvalid, ParticipationNotFound } from "./challenge.model.js"
import { ChallengeRepo, type PageRequest, ParticipationRepo } from "./challenge.port.js"
import { getPublicChallenge, managedChallenge } from "./challenge.use-case.js"
import { ActivityValidationRepo } from "./progress.port.js"
import { counts, dailyProgress, progressOf, publicStandings, rankStandings, sportOfChallenge } from "./progress.js"

/** Every participation of one status (no page: a leaderboard ranks them all). */
const allParticipations = (challengeId: string, status: ChallengeParticipation["status"]) =>
  Effect.map(Effect.flatMap(ParticipationRepo, (r) => r.list({ challengeId, status }, { page: 1, limit: 10_000_000 })), (p) => p.items)

/** The activities that count for `challenge` of these athletes: eligible, of its sport, not INVALID. */
export const countedActivities = Effect.fn("challenges.countedActivities")(function*(challenge: Challenge, userIds: ReadonlyArray<string>) {
  if (userIds.length === 0) return [] as ReadonlyArray<Activity>
  const activities = yield* eligibleActivities({ userIds, sport: sportOfChallenge(challenge.activityType), from: challenge.startsAt, to: challenge.endsAt })
  if (activities.length === 0) return activities
  const verdicts = yield* Effect.flatMap(ActivityValidationRepo, (r) => r.ofActivities(activities.map((a) => a.id)))
  const invalid = new Set(verdicts.filter((v) => v.status === "INVALID").map((v) => v.activityId))
  return activities.filter((a) => !invalid.has(a.id))
})

/** The ranked standings of a challenge's JOINED athletes, and who of them hid from public leaderboards. */
const rankedJoined = Effect.fn("challenges.rankedJoined")(function*(challenge: Challenge) {
  const joined = yield* allParticipations(challenge.id, "JOINED")
  const activities = yield* countedActivities(challenge, joined.map((p) => p.userId))
  return { standings: rankStandings(challenge, joined, activities), hidden: new Set(joined.filter((p) => !p.leaderboardVisible).map((p) => p.userId)) }
})

/** The ranked standings of a challenge's JOINED athletes. */
export const standingsOf = (challenge: Challenge) => Effect.map(rankedJoined(challenge), (r) => r.standings)

const goalOf = (c: Challenge) => ({ challengeId: c.id, activityType: c.activityType, goalType: c.goalType, goalValue: c.goalValue })

/** The top of a public challenge's leaderboard. */
export const challengeLeaderboard = Effect.fn("challenges.leaderboard")(function*(id: string, limit: number) {
  const challenge = yield* getPublicChallenge(id)
  const { standings, hidden } = yield* rankedJoined(challenge)
  return { ...goalOf(challenge), total: standings.length, items: publicStandings(standings.slice(0, limit), hidden, null) }
})

/** One page of a public challenge's leaderboard and the viewer's own entry (null when not on it). */
export const pagedLeaderboard = Effect.fn("challenges.leaderboardPaged")(function*(viewerId: string | null, id: string, page: PageRequest) {
  const challenge = yield* getPublicChallenge(id)
  const { standings, hidden } = yield* rankedJoined(challenge)
  return {
    ...goalOf(challenge),
    items: publicStandings(standings.slice((page.page - 1) * page.limit, page.page * page.limit), hidden, viewerId),
    total: standings.length,
    page: page.page,
    limit: page.limit,
    viewer: viewerId === null ? null : standings.find((e) => e.userId === viewerId) ?? null
  }
})

/** The caller's progress in a challenge they joined, sport by sport, and their rank while JOINED. */
export const myChallengeProgress = Effect.fn("challenges.myProgress")(function*(athlete: Principal, challengeId: string) {
  const found = isUuid(challengeId) ? yield* Effect.flatMap(ParticipationRepo, (r) => r.find(challengeId, athlete.accountId)) : Option.none()
  if (Option.isNone(found)) return yield* new ParticipationNotFound({ ref: challengeId })
  const challenge = yield* Effect.flatMap(Effect.flatMap(ChallengeRepo, (r) => r.findById(challengeId)), Option.match({
    onNone: () => Effect.fail(new ChallengeNotFound({ ref: challengeId })),
    onSome: Effect.succeed
  }))
  const participation = found.value
  const standings = participation.status === "JOINED" ? yield* standingsOf(challenge) : []
  const ranked = standings.find((e) => e.userId === athlete.accountId)
  const progress: ChallengeProgress = ranked ?? progressOf(challenge, participation, yield* countedActivities(challenge, [athlete.accountId]))
  return { ...goalOf(challenge), participationStatus: participation.status, rank: ranked?.rank ?? null, progress }
})

/** The caller shows on public leaderboards by name, or hides (keeping their place). */
export const updateMyParticipation = Effect.fn("challenges.participations.update")(function*(
  athlete: Principal,
  challengeId: string,
  input: { readonly leaderboardVisible?: boolean | undefined }
) {
  if (!isUuid(challengeId)) return yield* new ParticipationNotFound({ ref: challengeId })
  if (input.leaderboardVisible === undefined) {
    const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.find(challengeId, athlete.accountId))
    if (Option.isNone(found)) return yield* new ParticipationNotFound({ ref: challengeId })
    return found.value
  }
  return yield* Effect.flatMap(ParticipationRepo, (r) => r.setLeaderboardVisible(challengeId, athlete.accountId, input.leaderboardVisible!))
})

const findParticipation = (id: string) =>
  Effect.flatMap(ParticipationRepo, (r) => (isUuid(id) ? r.findById(id) : Effect.succeed(Option.none()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new ParticipationNotFound({ ref: id })), onSome: Effect.succeed }))
  )

const findChallenge = (id: string) =>
  Effect.flatMap(Effect.flatMap(ChallengeRepo, (r) => r.findById(id)), Option.match({
    onNone: () => Effect.fail(new ChallengeNotFound({ ref: id })),
    onSome: Effect.succeed
  }))

/** Admin: one participation with its challenge, progress, rank and day-by-day progress in the challenge's time zone. */
export const adminParticipationDetail = Effect.fn("challenges.participationDetail")(function*(id: string) {
  const participation = yield* findParticipation(id)
  const challenge = yield* findChallenge(participation.challengeId)
  const activities = yield* countedActivities(challenge, [participation.userId])
  const standings = participation.status === "JOINED" ? yield* standingsOf(challenge) : []
  const ranked = standings.find((e) => e.userId === participation.userId)
  return {
    ...participation,
    challenge,
    rank: ranked?.rank ?? null,
    progress: ranked ?? progressOf(challenge, participation, activities),
    dailyProgress: dailyProgress(challenge, participation.userId, activities)
  }
})

/** A challenge's numbers for its manager: participations by status, completions, totals and sports. */
export const challengeAnalytics = Effect.fn("challenges.analytics")(function*(principal: Principal, id: string) {
  const challenge = yield* managedChallenge(principal, id)
  const byStatus = yield* Effect.flatMap(ParticipationRepo, (r) => r.countByStatus({ challengeId: challenge.id }))
  const standings = yield* standingsOf(challenge)
  const completed = standings.filter((e) => e.completed).length
  const sports = new Map<string, { value: number; activityCount: number }>()
  for (const e of standings) {
    for (const s of e.bySport) {
      const t = sports.get(s.sport) ?? { value: 0, activityCount: 0 }
      sports.set(s.sport, { value: t.value + s.value, activityCount: t.activityCount + s.activityCount })
    }
  }
  const round2 = (n: number) => Math.round(n * 100) / 100
  const sum = (f: (e: ChallengeProgress) => number) => standings.reduce((acc, e) => acc + f(e), 0)
  return {
    ...goalOf(challenge),
    status: challenge.status,
    participations: { JOINED: byStatus.JOINED ?? 0, LEFT: byStatus.LEFT ?? 0, REVOKED: byStatus.REVOKED ?? 0 },
    activeAthletes: standings.filter((e) => e.activityCount > 0).length,
    completed,
    completionRate: standings.length === 0 ? 0 : round2((completed / standings.length) * 100),
    totalValue: round2(sum((e) => e.value)),
    activityCount: sum((e) => e.activityCount),
    averagePercent: standings.length === 0 ? 0 : round2(sum((e) => e.percent) / standings.length),
    bySport: [...sports.entries()].map(([sport, s]) => ({ sport, value: round2(s.value), activityCount: s.activityCount }))
      .sort((a, b) => b.value - a.value || (a.sport < b.sport ? -1 : 1))
  }
})

/** Admin: the activities counted toward one challenge (its joined athletes'), newest first, each with its verdict. */
export const adminChallengeActivities = Effect.fn("challenges.adminActivities")(function*(
  query: { readonly challengeId?: string | undefined; readonly userId?: string | undefined; readonly status?: "PENDING" | "VALID" | "INVALID" | undefined },
  page: PageRequest
) {
  if (query.challengeId === undefined) return yield* new ChallengeInputInvalid({ messages: ["challengeId should not be empty"] })
  const challenge = yield* (isUuid(query.challengeId) ? findChallenge(query.challengeId) : Effect.fail(new ChallengeNotFound({ ref: query.challengeId })))
  const joined = yield* allParticipations(challenge.id, "JOINED")
  const userIds = joined.map((p) => p.userId).filter((u) => query.userId === undefined || u === query.userId)
  const activities = userIds.length === 0
    ? []
    : yield* eligibleActivities({ userIds, sport: sportOfChallenge(challenge.activityType), from: challenge.startsAt, to: challenge.endsAt })
  const verdicts = activities.length === 0 ? [] : yield* Effect.flatMap(ActivityValidationRepo, (r) => r.ofActivities(activities.map((a) => a.id)))
  const byId = new Map(verdicts.map((v) => [v.activityId, v]))
  const rows = activities
    .map((a) => ({ ...a, validation: byId.get(a.id) ?? pending(a.id) }))
    .filter((a) => query.status === undefined || a.validation.status === query.status)
    .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime() || (a.id < b.id ? -1 : 1))
  return { items: rows.slice((page.page - 1) * page.limit, page.page * page.limit), total: rows.length }
})

const pending = (activityId: string) => ({ activityId, status: "PENDING" as const, note: null, validatedBy: null, validatedAt: null })

const findActivity = (id: string) =>
  Effect.flatMap(ActivityRepo, (r) => (isUuid(id) ? r.findById(id) : Effect.succeed(Option.none<Activity>()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new ActivityNotFound({ id })), onSome: Effect.succeed }))
  )

/** Admin: one activity, its verdict, and the challenges (joined by its athlete) it counts toward. */
export const adminChallengeActivity = Effect.fn("challenges.adminActivity")(function*(activityId: string) {
  const activity = yield* findActivity(activityId)
  const [verdict] = yield* Effect.flatMap(ActivityValidationRepo, (r) => r.ofActivities([activity.id]))
  const joined = yield* Effect.flatMap(ParticipationRepo, (r) => r.list({ userId: activity.userId, status: "JOINED" }, { page: 1, limit: 10_000 }))
  const challenges = yield* Effect.flatMap(ChallengeRepo, (r) => r.findByIds(joined.items.map((p) => p.challengeId)))
  return {
    ...activity,
    validation: verdict ?? pending(activity.id),
    challenges: challenges.filter((c) => counts(c, activity)).map((c) => ({ id: c.id, title: c.title, goalType: c.goalType, status: c.status }))
  }
})

/** Admin: sets an activity's verdict (INVALID takes it out of every challenge's progress); audited. */
export const setActivityValidation = Effect.fn("challenges.setActivityValidation")(function*(
  admin: Principal,
  activityId: string,
  input: { readonly status: "PENDING" | "VALID" | "INVALID"; readonly note?: string | undefined }
) {
  const activity = yield* findActivity(activityId)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const saved = yield* Effect.flatMap(ActivityValidationRepo, (r) =>
        r.set({ activityId: activity.id, status: input.status, note: input.note ?? null, validatedBy: admin.accountId }))
      yield* Effect.flatMap(AuditLog, (log) =>
        log.append({
          action: "challenges.activity.validated",
          actor: { kind: admin.accountKind, id: admin.accountId },
          subject: { kind: "activity", id: activity.id },
          ...(input.note === undefined ? {} : { reason: input.note }),
          data: { status: input.status, userId: activity.userId }
        }))
      return saved
    })))
})
