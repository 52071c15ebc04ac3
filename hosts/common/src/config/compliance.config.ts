/**
 * Data rights. ERASURE_COOL_OFF_DAYS (default 30, 0-365): days an erasure request stays
 * cancellable before the tick confirms it and hard-deletes the data. ACCOUNT_MERGE_EXECUTE_ENABLED
 * (default false): whether admins may execute merge proposals. PUBLIC_API_URL (default
 * http://localhost:<PORT>): base of the e-mailed data-export link. CONSENT_MANAGER_PROVIDER and
 * CONSENT_MANAGER_API_KEY: the consent manager's credentials (status reports presence only).
 */
import { Config, ConfigError, Effect, Option, Redacted } from "effect"

export interface ComplianceConfig {
  readonly erasureCoolOffDays: number
  readonly accountMergeExecuteEnabled: boolean
  readonly publicApiUrl: string
  readonly consentManagerProvider: Option.Option<string>
  readonly consentManagerApiKey: Option.Option<Redacted.Redacted<string>>
}

export const loadComplianceConfig = (port: number): Effect.Effect<ComplianceConfig, ConfigError.ConfigError> =>
  Effect.gen(function*() {
    const erasureCoolOffDays = yield* Config.integer("ERASURE_COOL_OFF_DAYS").pipe(
      Config.validate({ message: "Expected an integer between 0 and 365", validation: (n) => n >= 0 && n <= 365 }),
      Config.withDefault(30)
    )
    const accountMergeExecuteEnabled = yield* Config.boolean("ACCOUNT_MERGE_EXECUTE_ENABLED").pipe(Config.withDefault(false))
    const publicApiUrl = yield* Config.string("PUBLIC_API_URL").pipe(Config.withDefault(`http://localhost:${port}`))
    const consentManagerProvider = yield* Config.option(Config.string("CONSENT_MANAGER_PROVIDER")).pipe(
      Effect.map(Option.filter((v) => v.trim() !== ""))
    )
    const consentManagerApiKey = yield* Config.option(Config.redacted("CONSENT_MANAGER_API_KEY")).pipe(
      Effect.map(Option.filter((v) => Redacted.value(v).trim() !== ""))
    )
    return { erasureCoolOffDays, accountMergeExecuteEnabled, publicApiUrl, consentManagerProvider, consentManagerApiKey }
  })
