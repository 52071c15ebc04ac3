/**
 * The registrations context as the hosts see it: bookings and check-ins on Postgres or on memory
 * twins, the booking orders' `payment.captured` processor in the payments registry (payments is
 * listed before), and the job that releases lapsed payment holds.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Registrations, type Platform } from "@podium/core"
import { RegistrationsReposMemory } from "@podium/core/testing"
import { RegistrationsReposPg } from "@podium/postgres"
import { Effect, Layer } from "effect"
import { hostContext } from "./host-context.js"

export const ExpireHoldsJobName = "registrations.holds.expire"

const expireHoldsHandlers: Effect.Effect<Readonly<Record<string, Platform.JobHandler>>, never, SqlClient.SqlClient> = Effect.map(
  Effect.context<SqlClient.SqlClient>(),
  (context): Readonly<Record<string, Platform.JobHandler>> => ({
    [ExpireHoldsJobName]: () =>
      Registrations.expireLapsedHolds(new Date()).pipe(
        Effect.tap((expired) => Effect.logInfo(`released the seats of ${expired.length} lapsed payment hold(s)`)),
        Effect.asVoid,
        Effect.provide(RegistrationsReposPg.pipe(Layer.provide(Layer.succeedContext(context))))
      )
  })
)

export const registrationsContext = hostContext<Registrations.ParticipationRepo | Registrations.CheckInRepo>({
  name: "registrations",
  live: () => Registrations.ParticipationPaymentProcessor.pipe(Layer.provideMerge(RegistrationsReposPg)),
  memory: () => RegistrationsReposMemory,
  jobs: expireHoldsHandlers,
  schedules: [{ name: ExpireHoldsJobName, every: "1 minute", description: "Moves PENDING bookings whose payment hold lapsed to EXPIRED and releases their seats (once)" }]
})

