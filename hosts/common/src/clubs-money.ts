/**
 * Club money's infrastructure: the RC grant, settlement and payout request repositories,
 * their settings from configuration, and the settlement run as a durable job with a daily schedule.
 *
 * Configuration (environment, read with Effect `Config`; invalid values stop the host at start):
 * - CLUB_RC_INR_PAISE_PER_RC: the RC→INR rate used for the granted-RC rupee estimates, in paise per
 *   RC coin (integer 1-100000; default 100, i.e. 1 RC = ₹1).
 * - CLUB_SETTLEMENT_HOLD_DAYS: days after a settlement period ends before the club may request its
 *   payout (integer 0-90; default 7), leaving room for refunds and chargebacks.
 *
 * Job `clubs.settlements.run` (payload `{from?, to?, clubId?, holdDays?}`, ISO dates): settles
 * [from, to) for every club; without a period it settles the previous whole UTC day. The scheduler
 * fires it daily; operators run any period with `podium clubs settlements run --from --to`.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Clubs, Platform, type Wallets } from "@podium/core"
import { ClubMoneyReposMemory } from "@podium/core/testing"
import { AuditLogPg, ClubMoneyReposPg, ClubsReposPg, LedgerPg, TransactorPg } from "@podium/postgres"
import { Config, Effect, Layer, Schema } from "effect"

/** The settings from the environment (defaults when unset). */
export const loadClubMoneySettings = Effect.gen(function*() {
  const rcInrPaisePerCoin = yield* Config.integer("CLUB_RC_INR_PAISE_PER_RC").pipe(
    Config.validate({ message: "Expected an integer between 1 and 100000 (paise per RC)", validation: (n) => n >= 1 && n <= 100_000 }),
    Config.withDefault(Clubs.DefaultClubMoneySettings.rcInrPaisePerCoin)
  )
  const settlementHoldDays = yield* Config.integer("CLUB_SETTLEMENT_HOLD_DAYS").pipe(
    Config.validate({ message: "Expected an integer between 0 and 90 (days)", validation: (n) => n >= 0 && n <= 90 }),
    Config.withDefault(Clubs.DefaultClubMoneySettings.settlementHoldDays)
  )
  const settings: Clubs.ClubMoneySettingsShape = { rcInrPaisePerCoin, settlementHoldDays }
  return settings
})

/** The settings layer; a malformed variable stops the host at start with a message naming it. */
export const ClubMoneySettingsLive = Layer.effect(Clubs.ClubMoneySettings, loadClubMoneySettings.pipe(Effect.orDie))

/** What club money adds to the clubs block. */
export type ClubMoneyPorts = Clubs.RcGrantRepo | Clubs.SettlementRepo | Clubs.PayoutRequestRepo | Clubs.ClubMoneySettings

export const ClubMoneyLive: Layer.Layer<ClubMoneyPorts, never, SqlClient.SqlClient> = Layer.merge(ClubMoneyReposPg, ClubMoneySettingsLive)

export const clubMoneyMemory = (): Layer.Layer<ClubMoneyPorts> => ClubMoneyReposMemory

export const SettlementRunJobName = "clubs.settlements.run"

const SettlementRunPayload = Schema.NullishOr(Schema.Struct({
  from: Schema.optional(Schema.DateFromString),
  to: Schema.optional(Schema.DateFromString),
  clubId: Schema.optional(Schema.String),
  holdDays: Schema.optional(Schema.Int)
}))

/** Everything the settlement run needs, on one database (the job's, the CLI's). */
export type SettlementRunServices = ClubMoneyPorts | Clubs.ClubRepo | Clubs.ClubMemberRepo | Wallets.Ledger | Platform.Transactor | Platform.AuditLog

export const settlementRunLayer = (database: Layer.Layer<SqlClient.SqlClient>): Layer.Layer<SettlementRunServices> =>
  Layer.mergeAll(ClubMoneyLive, ClubsReposPg, LedgerPg, TransactorPg, AuditLogPg).pipe(Layer.provide(database))

/** The period a run settles: both bounds given, or the previous whole UTC day. */
export const settlementPeriod = (from: Date | undefined, to: Date | undefined, now: Date) =>
  from !== undefined && to !== undefined ? { from, to } : Clubs.previousUtcDay(now)

/** The settlement run's job handler (needs only the database). */
export const clubMoneyJobHandlers: Effect.Effect<Readonly<Record<string, Platform.JobHandler>>, never, SqlClient.SqlClient> = Effect.map(
  Effect.context<SqlClient.SqlClient>(),
  (context): Readonly<Record<string, Platform.JobHandler>> => ({
    [SettlementRunJobName]: Platform.jobHandler(SettlementRunPayload, (payload) =>
      Effect.gen(function*() {
        if ((payload?.from === undefined) !== (payload?.to === undefined)) {
          return yield* new Platform.JobFailedPermanently({ message: "give both from and to, or neither (the previous UTC day)" })
        }
        const period = settlementPeriod(payload?.from, payload?.to, new Date())
        const result = yield* Clubs.runSettlements({
          ...period,
          ...(payload?.clubId === undefined ? {} : { clubId: payload.clubId }),
          ...(payload?.holdDays === undefined ? {} : { holdDays: payload.holdDays }),
          actor: { kind: "system", id: null }
        }).pipe(Effect.catchTag("SettlementPeriodInvalid", (e) => new Platform.JobFailedPermanently({ message: e.message })))
        yield* Effect.logInfo(`settlement run ${period.from.toISOString()}..${period.to.toISOString()}: ${result.created.length} created, ${result.released} released`)
      }).pipe(Effect.provide(settlementRunLayer(Layer.succeedContext(context)))))
  })
)

/** The settlement run fires daily (it settles the previous UTC day and releases matured settlements). */
export const clubMoneySchedules: ReadonlyArray<Platform.ScheduledJob> = [
  { name: SettlementRunJobName, every: "1 day", description: "Settles the previous UTC day's club revenue into settlements and releases settlements whose hold ended" }
]
