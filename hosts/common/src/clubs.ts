/**
 * The clubs context's infrastructure: its Postgres repositories. The audit writer and the
 * blob store come from the organizers block; the ledger from the wallets block. Each club
 * capability adds one line to each of the three lists below.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Clubs, type Platform } from "@podium/core"
import { ClubKycRepoMemory } from "@podium/core/testing"
import { ClubAnnouncementRepoMemory, ClubChannelRepoMemory, ClubRunRepoMemory, ClubsCommunityMemory, ClubsReposMemory } from "@podium/core/testing"
import { ClubKycRepoPg } from "@podium/postgres"
import { ClubAnnouncementRepoPg, ClubChannelRepoPg, ClubRunRepoPg, ClubsCommunityReposPg, ClubsReposPg } from "@podium/postgres"
import { AuditLogPg, NotificationsInboxPg, NotificationsPg, TransactorPg, UserRepoPg } from "@podium/postgres"
import { Clock, Effect, Layer } from "effect"
// Club tiers and their money (tiers, promos, commission, checkouts, tier periods).
import { ClubTiersReposMemory } from "@podium/core/testing"
import { ClubTiersReposPg } from "@podium/postgres"
// Club money (RC grants, settlements, payout requests; clubs-money.ts).
import { ClubMoneyLive, clubMoneyJobHandlers, clubMoneyMemory, type ClubMoneyPorts, clubMoneySchedules } from "./clubs-money.js"
import { hostContext } from "./host-context.js"
// Club gamification and the club admin workspace's community tools (points, leaderboards, rules, awards, segments).
import { ClubGamificationMemory } from "@podium/core/testing"
import { ClubAdminReposPg, ClubGamificationReposPg } from "@podium/postgres"
type ClubGamificationPorts =
  | Clubs.ClubPointsRepo
  | Clubs.MemberOfTheMonthRepo
  | Clubs.RecognitionRuleRepo
  | Clubs.ClubAwardRepo
  | Clubs.ClubSegmentRepo
  | Clubs.ClubCommunityMetrics
type ClubTiersPorts = Clubs.ClubTierRepo | Clubs.ClubCommissionRepo | Clubs.TierPromoRepo | Clubs.TierCheckoutRepo | Clubs.TierMembershipRepo

/** What the clubs block adds to a host. */
export type ClubsInfrastructure =
  | Clubs.ClubRepo
  | Clubs.ClubMemberRepo
  | Clubs.ClubRelationRepo
  | Clubs.ClubInviteRepo
  | Clubs.ClubOrganizerLinkRepo
  | Clubs.ClubOversightRepo
  | Clubs.ClubRunRepo
  | Clubs.ClubChannelRepo
  | Clubs.ClubAnnouncementRepo
  | Clubs.ClubKycRepo
  | ClubTiersPorts
  | ClubMoneyPorts
  | ClubGamificationPorts

export const ClubsLive: Layer.Layer<ClubsInfrastructure, never, SqlClient.SqlClient> = Layer.mergeAll(
  ClubsReposPg,
  ClubsCommunityReposPg,
  ClubRunRepoPg,
  ClubChannelRepoPg,
  ClubAnnouncementRepoPg,
  ClubKycRepoPg,
  ClubTiersReposPg,
  ClubMoneyLive,
  ClubGamificationReposPg,
  ClubAdminReposPg
)

/** The clubs block without a database, for HTTP tests of other routes. */
export const clubsMemory = (): Layer.Layer<ClubsInfrastructure> =>
  Layer.mergeAll(
    ClubsCommunityMemory.pipe(Layer.provideMerge(ClubsReposMemory)),
    ClubRunRepoMemory,
    ClubChannelRepoMemory,
    ClubAnnouncementRepoMemory,
    ClubKycRepoMemory,
    ClubTiersReposMemory,
    clubMoneyMemory(),
    // Shares the members and runs twins above (layers are memoized by reference within one build).
    ClubGamificationMemory.pipe(Layer.provide(Layer.merge(ClubsReposMemory, ClubRunRepoMemory)))
  )

export const InferAttendanceJobName = "clubs.runs.infer-attendance"
export const DailyRecognitionJobName = "clubs.recognition.daily"

/** The clubs context's job handlers (each runs on the job's database). */
export const clubsJobHandlers: Effect.Effect<Readonly<Record<string, Platform.JobHandler>>, never, SqlClient.SqlClient> = Effect.map(
  Effect.context<SqlClient.SqlClient>(),
  (context): Readonly<Record<string, Platform.JobHandler>> => ({
    [InferAttendanceJobName]: () =>
      Clubs.inferAttendance(null).pipe(
        Effect.tap((r) => Effect.logInfo(`attendance inference completed ${r.runs} run(s), ${r.marked} mark(s)`)),
        Effect.asVoid,
        Effect.provide(ClubRunRepoPg.pipe(Layer.provide(Layer.succeedContext(context))))
      ),
    [DailyRecognitionJobName]: () =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => Clubs.runDailyRecognition(new Date(now))).pipe(
        Effect.tap((r) => Effect.logInfo(`daily recognition: ${r.clubs} club(s), ${r.membersOfTheMonth} member(s) of the month, ${r.awardsGiven} award(s)`)),
        Effect.asVoid,
        Effect.provide(Layer.mergeAll(ClubsLive, TransactorPg, AuditLogPg, NotificationsPg, NotificationsInboxPg, UserRepoPg).pipe(Layer.provide(Layer.succeedContext(context))))
      )
  })
)


/** The clubs context's periodic jobs. */
export const clubsSchedules: ReadonlyArray<Platform.ScheduledJob> = [
  { name: InferAttendanceJobName, every: "1 hour", description: "Infers attendance of ended club runs from GOING RSVPs and completes the runs" },
  {
    name: DailyRecognitionJobName,
    every: "1 day",
    description: "Detects each active club's member of the previous month (emitted once) and applies ENABLED recognition rules to their last completed period"
  }
]

/**
 * Clubs and every club capability, with the tier orders' `payment.captured` processor registered
 * in the payments registry (so payments and wallets are listed before clubs).
 */
export const clubsContext = hostContext<ClubsInfrastructure>({
  name: "clubs",
  live: () => Clubs.ClubTierPaymentProcessor.pipe(Layer.provideMerge(ClubsLive)),
  memory: () => clubsMemory(),
  jobs: Effect.map(Effect.all([clubsJobHandlers, clubMoneyJobHandlers]), ([clubs, money]) => ({ ...clubs, ...money })),
  schedules: [...clubsSchedules, ...clubMoneySchedules]
})
