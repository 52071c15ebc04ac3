/**
 * The challenges context's infrastructure: challenges, participations, templates and badge
 * requests on Postgres (or memory twins), and the periodic close of challenges whose end date
 * has passed. The blob store, the audit writer and the unit of work come from earlier contexts.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Challenges, type Platform } from "@podium/core"
import {
  BadgeRequestRepoMemory,
  ChallengeBadgesMemory,
  ChallengePromoStoryRepoMemory,
  ChallengesReposMemory,
  ChallengeRewardsRepoMemory,
  CharityRepoMemory,
  ClubBrandEntryRepoMemory,
  PromoStoryEngagementRepoMemory,
  RewardPoolRepoMemory
} from "@podium/core/testing"
import { ActivityRepoPg, ActivityValidationRepoPg, AuditLogPg, BadgeRepoPg, BibTemplateRepoPg, ChallengeAudienceRepoPg, ChallengeEventRepoPg, ChallengePromoStoryRepoPg, BadgeRequestRepoPg, ChallengesReposPg, CharityRepoPg, ChallengeRewardsRepoPg, ClubBrandEntryRepoPg, FulfillmentTaskRepoPg, PromoStoryEngagementRepoPg, RewardPoolRepoPg, TransactorPg } from "@podium/postgres"
import { Effect, Layer } from "effect"
import { hostContext } from "./host-context.js"

/** What the challenges block adds to a host. */
export type ChallengesInfrastructure =
  | Challenges.BadgeRequestRepo
  | Challenges.ChallengeRepo
  | Challenges.ParticipationRepo
  | Challenges.ChallengeTemplateRepo
  | Challenges.BadgeRepo
  | Challenges.ActivityValidationRepo
  | Challenges.FulfillmentTaskRepo
  | Challenges.BibTemplateRepo
  | Challenges.ChallengeEventRepo
  | Challenges.ChallengeAudienceRepo
  | Challenges.ChallengePromoStoryRepo
  | Challenges.PromoStoryEngagementRepo
  | Challenges.CharityRepo
  | Challenges.ChallengeRewardsRepo
  | Challenges.ClubBrandEntryRepo
  | Challenges.RewardPoolRepo

export const ChallengesLive: Layer.Layer<ChallengesInfrastructure, never, SqlClient.SqlClient> = Layer.mergeAll(
  BadgeRequestRepoPg,
  ChallengesReposPg,
  BadgeRepoPg,
  ActivityValidationRepoPg,
  FulfillmentTaskRepoPg,
  BibTemplateRepoPg,
  ChallengeEventRepoPg,
  ChallengeAudienceRepoPg,
  ChallengePromoStoryRepoPg,
  PromoStoryEngagementRepoPg,
  CharityRepoPg,
  ChallengeRewardsRepoPg,
  ClubBrandEntryRepoPg,
  RewardPoolRepoPg
)

export const CloseEndedChallengesJobName = "challenges.close-ended"

/** The challenges context's job handlers (each runs on the job's database). */
export const challengesJobHandlers: Effect.Effect<Readonly<Record<string, Platform.JobHandler>>, never, SqlClient.SqlClient> = Effect.map(
  Effect.context<SqlClient.SqlClient>(),
  (context): Readonly<Record<string, Platform.JobHandler>> => ({
    [CloseEndedChallengesJobName]: () =>
      Challenges.closeEndedChallenges().pipe(
        Effect.tap((n) => Effect.logInfo(`closed ${n} challenge(s) whose end date passed`)),
        Effect.asVoid,
        Effect.provide(Layer.mergeAll(ChallengesReposPg, TransactorPg, AuditLogPg).pipe(Layer.provide(Layer.succeedContext(context))))
      ),
    // Progress reads the athletes' activities, so the job reads them on its own database too.
    [Challenges.BadgeRetroactiveAwardJobName]: (payload) =>
      Challenges.retroactiveAwardHandler(payload).pipe(
        Effect.provide(Layer.mergeAll(ChallengesLive, ActivityRepoPg).pipe(Layer.provide(Layer.succeedContext(context))))
      )
  })
)

export const challengesContext = hostContext<ChallengesInfrastructure>({
  name: "challenges",
  // The entry-fee processor joins the payments registry, so this context is listed after payments.
  live: () => Challenges.ChallengeEntryPaymentProcessor.pipe(Layer.provideMerge(ChallengesLive)),
  memory: () => Layer.mergeAll(BadgeRequestRepoMemory, ChallengesReposMemory, ChallengeBadgesMemory, ChallengePromoStoryRepoMemory, PromoStoryEngagementRepoMemory, CharityRepoMemory, ChallengeRewardsRepoMemory, ClubBrandEntryRepoMemory, RewardPoolRepoMemory),
  jobs: challengesJobHandlers,
  schedules: [{ name: CloseEndedChallengesJobName, every: "5 minutes", description: "Closes every active or paused challenge whose end date has passed (audited)" }]
})
