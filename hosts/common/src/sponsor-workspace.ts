/** The sponsor workspace as the hosts see it: inventory, reward grants, RC grant requests, cohorts and campaigns on Postgres or on memory twins. */
import type * as SqlClient from "@effect/sql/SqlClient"
import { type Platform, Sponsors } from "@podium/core"
import { SponsorWorkspaceReposMemory } from "@podium/core/testing"
import { AuditLogPg, SponsorCampaignRepoPg, SponsorWorkspaceReposPg, TransactorPg } from "@podium/postgres"
import { Effect, Layer } from "effect"
import { hostContext } from "./host-context.js"

export type SponsorWorkspaceInfrastructure =
  | Sponsors.SponsorInventoryRepo
  | Sponsors.SponsorRewardGrantRepo
  | Sponsors.SponsorRcGrantRepo
  | Sponsors.SponsorCohortRepo
  | Sponsors.SponsorCampaignRepo

export const StartDueCampaignsJobName = "sponsors.campaigns.start-due"

/** The sponsor workspace's job handlers (each runs on the job's database). */
export const sponsorWorkspaceJobHandlers: Effect.Effect<Readonly<Record<string, Platform.JobHandler>>, never, SqlClient.SqlClient> = Effect.map(
  Effect.context<SqlClient.SqlClient>(),
  (context): Readonly<Record<string, Platform.JobHandler>> => ({
    [StartDueCampaignsJobName]: () =>
      Sponsors.startDueCampaigns().pipe(
        Effect.tap((n) => Effect.logInfo(`started ${n} scheduled sponsor campaign(s)`)),
        Effect.asVoid,
        Effect.provide(Layer.mergeAll(SponsorCampaignRepoPg, TransactorPg, AuditLogPg).pipe(Layer.provide(Layer.succeedContext(context))))
      )
  })
)

export const sponsorWorkspaceContext = hostContext<SponsorWorkspaceInfrastructure>({
  name: "sponsor workspace",
  live: () => SponsorWorkspaceReposPg,
  memory: () => SponsorWorkspaceReposMemory,
  jobs: sponsorWorkspaceJobHandlers,
  schedules: [{ name: StartDueCampaignsJobName, every: "5 minutes", description: "Puts every SCHEDULED sponsor campaign whose startDate has come LIVE (audited)" }]
})
