/**
 * The daily recognition pass (scheduled job `clubs.recognition.daily`): for every ACTIVE club it
 *
 * - detects the member of the month for the month that just ended (idempotent: the first detection
 *   per club and month emits CLUB_MEMBER_OF_THE_MONTH, every later call answers the same winner), so
 *   a month's winner is fixed once the month is complete rather than whenever a manager asks; and
 * - applies every ENABLED recognition rule to its last completed period (the previous month or ISO
 *   week), giving the rule's award to each qualifying ACTIVE member who does not hold it yet (the
 *   awards table allows one per rule, member and period, so a re-run or a concurrent run gives none
 *   twice).
 *
 * The acting principal of these automatic moves is the club's owner (a rule's awards are attributed
 * to the rule's creator): the club's own settings decided them; an automatic award's description
 * starts with "Automatic:". One club's failure is logged and does not stop the others.
 */
import { Effect } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { ClubRepo } from "./club.port.js"
import { giveAward, evaluateRecognitionRule } from "./club-admin.use-case.js"
import { RecognitionRuleRepo } from "./club-admin.port.js"
import { monthKeyOf, weekKeyOf } from "./gamification.model.js"
import { detectMemberOfTheMonth } from "./gamification.use-case.js"

const userPrincipal = (userId: string): Principal => ({ accountKind: "user", accountId: userId, sessionId: "scheduled-job", role: "user" })

const PageSize = 200

export const runDailyRecognition = Effect.fn("clubs.recognition.daily")(function*(now: Date) {
  const previousMonth = monthKeyOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)))
  const previousWeek = weekKeyOf(new Date(now.getTime() - 7 * 86_400_000))
  const clubs = yield* ClubRepo
  const rules = yield* RecognitionRuleRepo
  let clubsSeen = 0
  let monthsEmitted = 0
  let awardsGiven = 0
  for (let offset = 0; ; offset += PageSize) {
    const page = yield* clubs.list({ status: "ACTIVE", limit: PageSize, offset, oldestFirst: true })
    for (const club of page.items) {
      clubsSeen++
      yield* Effect.gen(function*() {
        const mom = yield* detectMemberOfTheMonth(userPrincipal(club.ownerUserId), club.id, previousMonth)
        if (mom.emitted) monthsEmitted++
        const enabled = yield* rules.list(club.id, { status: "ENABLED", limit: 100, offset: 0 })
        for (const rule of enabled.items) {
          const periodKey = rule.period === "month" ? previousMonth : previousWeek
          const evaluation = yield* evaluateRecognitionRule(club.id, rule.id, periodKey)
          for (const q of evaluation.qualifiers.filter((q) => !q.alreadyAwarded)) {
            const given = yield* giveAward(userPrincipal(rule.createdBy), club.id, {
              userId: q.userId,
              ruleId: rule.id,
              periodKey,
              description: `Automatic: ${rule.name} (${rule.metric} ${q.value} ≥ ${rule.threshold}, ${periodKey})`
            }).pipe(
              Effect.as(true),
              Effect.catchTags({ ClubAwardAlreadyGiven: () => Effect.succeed(false), AwardRecipientNotMember: () => Effect.succeed(false) })
            )
            if (given) awardsGiven++
          }
        }
      }).pipe(
        Effect.catchAllCause((cause) => Effect.logWarning("daily recognition failed for a club", cause).pipe(Effect.annotateLogs({ clubId: club.id })))
      )
    }
    if (page.items.length < PageSize) break
  }
  return { clubs: clubsSeen, monthKey: previousMonth, weekKey: previousWeek, membersOfTheMonth: monthsEmitted, awardsGiven }
})

