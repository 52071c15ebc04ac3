/**
 * Challenge progress, as pure functions of a challenge and its athletes' eligible activities.
 *
 * Progress is never stored: it is derived from the activities context's eligible activities inside
 * the challenge window whenever it is read, so an activity added, edited, deleted or held out by an
 * anti-cheat flag (or marked INVALID by an admin) shows in every leaderboard at once, and computing
 * it again from the same activities always gives the same answer (idempotent by construction).
 */
import type { Activity, Challenge, ChallengeParticipation, ChallengeProgress, Sport, SportProgress } from "@podium/kernel"

/** The activity sport each challenge activity type counts (a multi-sport challenge counts them all). */
export const sportOfChallenge = (activityType: Challenge["activityType"]): Sport | undefined =>
  activityType === "RUN"
    ? "run"
    : activityType === "WALK"
    ? "walk"
    : activityType === "RIDE"
    ? "ride"
    : activityType === "SWIM"
    ? "swim"
    : activityType === "HIKE"
    ? "hike"
    : undefined

/** What one activity adds to a goal of this type. */
export const contribution = (goalType: Challenge["goalType"], a: Pick<Activity, "distanceMeters" | "durationSeconds" | "elevationGainMeters">) =>
  goalType === "DISTANCE" ? a.distanceMeters : goalType === "DURATION" ? a.durationSeconds : goalType === "ELEVATION" ? a.elevationGainMeters : 1

const round2 = (n: number) => Math.round(n * 100) / 100

/** Whether an activity counts for the challenge: its sport, inside the window. */
export const counts = (challenge: Challenge, a: Activity) => {
  const sport = sportOfChallenge(challenge.activityType)
  return (sport === undefined || a.sport === sport) && a.startedAt.getTime() >= challenge.startsAt.getTime() &&
    a.startedAt.getTime() < challenge.endsAt.getTime()
}

/** One athlete's progress (rank 0 until ranked) from their counted activities, oldest first. */
export const progressOf = (challenge: Challenge, participation: ChallengeParticipation, activities: ReadonlyArray<Activity>): ChallengeProgress => {
  const mine = activities.filter((a) => a.userId === participation.userId && counts(challenge, a))
    .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || (a.id < b.id ? -1 : 1))
  let total = 0
  let completedAt: Date | null = null
  const bySport = new Map<string, { value: number; activityCount: number }>()
  for (const a of mine) {
    const add = contribution(challenge.goalType, a)
    total += add
    if (completedAt === null && total >= challenge.goalValue) completedAt = a.endedAt
    const s = bySport.get(a.sport) ?? { value: 0, activityCount: 0 }
    bySport.set(a.sport, { value: s.value + add, activityCount: s.activityCount + 1 })
  }
  const value = round2(total)
  return {
    rank: 0,
    userId: participation.userId,
    participationId: participation.id,
    value,
    percent: Math.min(100, round2((value / challenge.goalValue) * 100)),
    completed: completedAt !== null,
    completedAt,
    activityCount: mine.length,
    lastActivityAt: mine.length === 0 ? null : mine[mine.length - 1]!.endedAt,
    bySport: [...bySport.entries()]
      .map(([sport, s]): SportProgress => ({ sport, value: round2(s.value), activityCount: s.activityCount }))
      .sort((a, b) => b.value - a.value || (a.sport < b.sport ? -1 : 1))
  }
}

/**
 * The ranked standings: most progress first; equal progress shares a rank and the next rank skips
 * (1-2-2-4). Within a tie, whoever reached the goal first, then whoever joined first, is listed first.
 */
export const rankStandings = (
  challenge: Challenge,
  participations: ReadonlyArray<ChallengeParticipation>,
  activities: ReadonlyArray<Activity>
): ReadonlyArray<ChallengeProgress> => {
  const joinedAt = new Map(participations.map((p) => [p.userId, p.joinedAt.getTime()]))
  // Each athlete's activities once, so ranking is linear in activities, not athletes × activities.
  const byUser = new Map<string, Array<Activity>>()
  for (const a of activities) {
    const mine = byUser.get(a.userId)
    if (mine === undefined) byUser.set(a.userId, [a])
    else mine.push(a)
  }
  const sorted = participations.map((p) => progressOf(challenge, p, byUser.get(p.userId) ?? [])).sort((a, b) =>
    b.value - a.value ||
    (a.completedAt?.getTime() ?? Number.MAX_SAFE_INTEGER) - (b.completedAt?.getTime() ?? Number.MAX_SAFE_INTEGER) ||
    (joinedAt.get(a.userId ?? "") ?? 0) - (joinedAt.get(b.userId ?? "") ?? 0) ||
    ((a.userId ?? "") < (b.userId ?? "") ? -1 : 1)
  )
  let rank = 0
  return sorted.map((entry, i) => {
    if (i === 0 || sorted[i - 1]!.value !== entry.value) rank = i + 1
    return { ...entry, rank }
  })
}

/**
 * A leaderboard as the public sees it: athletes who hid themselves keep their place but lose their
 * ids, except in the viewer's own entry.
 */
export const publicStandings = (standings: ReadonlyArray<ChallengeProgress>, hidden: ReadonlySet<string>, viewerId: string | null) =>
  standings.map((e) => e.userId !== null && hidden.has(e.userId) && e.userId !== viewerId ? { ...e, userId: null, participationId: null } : e)

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
export const localDate = (at: Date, timeZone: string) => at.toLocaleDateString("en-CA", { timeZone })

/** An athlete's progress day by day in the challenge's time zone: each day's value and the running total. */
export const dailyProgress = (challenge: Challenge, userId: string, activities: ReadonlyArray<Activity>) => {
  const days = new Map<string, { value: number; activityCount: number }>()
  for (const a of activities) {
    if (a.userId !== userId || !counts(challenge, a)) continue
    const day = localDate(a.startedAt, challenge.timeZone)
    const d = days.get(day) ?? { value: 0, activityCount: 0 }
    days.set(day, { value: d.value + contribution(challenge.goalType, a), activityCount: d.activityCount + 1 })
  }
  let cumulative = 0
  return [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, d]) => {
    cumulative += d.value
    return { date, value: round2(d.value), activityCount: d.activityCount, cumulative: round2(cumulative) }
  })
}
