/**
 * The compliance context's infrastructure (data rights): consent, erasure and merge
 * repositories, every context's personal-data section (export and erasure) and the settings read
 * from configuration (config.ts `ComplianceConfig`).
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Compliance, Platform } from "@podium/core"
import { complianceReposMemory, MedicalInfoRepoMemory } from "@podium/core/testing"
import { AuditLogPg, CompliancePg, MedicalInfoRepoPg } from "@podium/postgres"
import { Effect, Layer, Option } from "effect"
import { AppConfig, type AppConfigShape } from "./config.js"
import { hostContext } from "./host-context.js"

/** What the compliance block adds to a host. */
export type ComplianceInfrastructure =
  | Compliance.ConsentRepo
  | Compliance.ErasureRepo
  | Compliance.AccountMergeRepo
  | Compliance.PersonalDataSections
  | Compliance.ComplianceSettings
  | Compliance.MedicalInfoRepo

/** The context's settings from a loaded configuration (defaults when the block is absent). */
export const complianceSettingsFrom = (config: AppConfigShape): Compliance.ComplianceSettingsShape => {
  const c = config.compliance
  return {
    erasureCoolOffDays: c?.erasureCoolOffDays ?? 30,
    accountMergeExecuteEnabled: c?.accountMergeExecuteEnabled ?? false,
    publicApiUrl: c?.publicApiUrl ?? `http://localhost:${config.port}`,
    consentManager: {
      provider: c === undefined ? null : Option.getOrNull(c.consentManagerProvider),
      credentialsPresent: c !== undefined && Option.isSome(c.consentManagerApiKey)
    }
  }
}

export const ComplianceLive: Layer.Layer<ComplianceInfrastructure, never, SqlClient.SqlClient | AppConfig> = Layer.mergeAll(
  CompliancePg,
  MedicalInfoRepoPg,
  Layer.effect(Compliance.ComplianceSettings, Effect.map(AppConfig, complianceSettingsFrom))
)


/** The name of the scheduled erasure tick job. */
export const ErasureTickJobName = "compliance.erasure.tick"

/** The erasure tick's job handler: needs only the database (repositories and the audit log are built on it). */
export const complianceJobHandlers: Effect.Effect<Readonly<Record<string, Platform.JobHandler>>, never, SqlClient.SqlClient> = Effect.map(
  Effect.context<SqlClient.SqlClient>(),
  (context): Readonly<Record<string, Platform.JobHandler>> => ({
    [ErasureTickJobName]: () =>
      Compliance.tickErasures({ kind: "system", id: null }).pipe(
        Effect.tap((r) => Effect.logInfo(`erasure tick confirmed ${r.confirmed} request(s)`)),
        Effect.asVoid,
        Effect.provide(Layer.merge(CompliancePg, AuditLogPg).pipe(Layer.provide(Layer.succeedContext(context))))
      )
  })
)

/** The compliance context's periodic jobs. */
export const complianceSchedules: ReadonlyArray<Platform.ScheduledJob> = [
  { name: ErasureTickJobName, every: "1 hour", description: "Confirms erasure requests whose cool-off elapsed and hard-deletes their data (legal holds excepted)" }
]

/** The compliance block on memory twins, for HTTP tests of other routes and hosts without a database. */
export const complianceMemory = (config: AppConfigShape): Layer.Layer<ComplianceInfrastructure> =>
  Layer.mergeAll(complianceReposMemory(), MedicalInfoRepoMemory, Layer.succeed(Compliance.ComplianceSettings, complianceSettingsFrom(config)))

/** Data rights: consent, erasure (with its scheduled tick), export, account merge, medical info. */
export const complianceContext = hostContext<ComplianceInfrastructure>({
  name: "compliance",
  live: () => ComplianceLive,
  memory: (config) => complianceMemory(config),
  jobs: complianceJobHandlers,
  schedules: complianceSchedules
})
