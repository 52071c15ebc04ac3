/**
 * The registrations context as the hosts see it: bookings, check-ins, waitlists and self-service
 * policies on Postgres or on memory twins, the booking orders' `payment.captured` processor in the
 * payments registry (payments is listed before), the job that releases lapsed payment holds and
 * the one that expires lapsed waitlist offers, passes freed seats on and notifies offers.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Registrations, type Platform } from "@podium/core"
import { EventAnnouncementRepoMemory, RegistrationsReposMemory } from "@podium/core/testing"
import { PaymentOrderRepoPg, RefundRepoPg, BibRepoPg, BookingAddOnRepoPg, DeferralRepoPg, EventAnnouncementRepoPg, FormUploadRepoPg, EventRepoPg, NotificationsPg, RegistrationsReposPg, TransactorPg, TransferRepoPg, UserRepoPg, WaitlistReposPg, WaiverRepoPg, WaveRepoPg } from "@podium/postgres"
import { Effect, Layer } from "effect"
import { hostContext } from "./host-context.js"
import { JobPaymentProviders } from "./payments.js"

export const ExpireHoldsJobName = "registrations.holds.expire"
export const SweepWaitlistsJobName = "registrations.waitlists.sweep"
export const ProcessCancellationsJobName = "registrations.cancellations.process"

const jobHandlers: Effect.Effect<Readonly<Record<string, Platform.JobHandler>>, never, SqlClient.SqlClient> = Effect.map(
  Effect.context<SqlClient.SqlClient>(),
  (context): Readonly<Record<string, Platform.JobHandler>> => ({
    [ExpireHoldsJobName]: () =>
      Registrations.expireLapsedHolds(new Date()).pipe(
        Effect.tap((expired) => Effect.logInfo(`released the seats of ${expired.length} lapsed payment hold(s)`)),
        Effect.asVoid,
        Effect.provide(RegistrationsReposPg.pipe(Layer.provide(Layer.succeedContext(context))))
      ),
    [SweepWaitlistsJobName]: () =>
      Registrations.sweepWaitlists(new Date()).pipe(
        Effect.tap((s) => Effect.logInfo(`waitlists: ${s.expired} offer(s) expired, ${s.offered} offered, ${s.notified} notified`)),
        Effect.asVoid,
        Effect.provide(Layer.mergeAll(WaitlistReposPg, TransactorPg, UserRepoPg, EventRepoPg, NotificationsPg).pipe(Layer.provide(Layer.succeedContext(context))))
      ),
    [ProcessCancellationsJobName]: () =>
      Registrations.processEventCancellations().pipe(
        Effect.tap((r) => Effect.logInfo(`event cancellations: ${r.intents} intent(s), ${r.cancelled} booking(s) cancelled, ${r.refundsRequested} refund(s) requested`)),
        Effect.asVoid,
        Effect.provide(Layer.mergeAll(RegistrationsReposPg, EventRepoPg, TransactorPg, RefundRepoPg, PaymentOrderRepoPg, JobPaymentProviders).pipe(Layer.provide(Layer.succeedContext(context))))
      )
  })
)

export const registrationsContext = hostContext<
  Registrations.ParticipationRepo | Registrations.CheckInRepo | Registrations.WaitlistRepo | Registrations.SelfServiceConfigRepo | Registrations.TransferRepo | Registrations.DeferralRepo | Registrations.WaiverRepo | Registrations.WaveRepo
    | Registrations.BibRepo
    | Registrations.FormUploadRepo
    | Registrations.BookingAddOnRepo
    | Registrations.EventAnnouncementRepo
>({
  name: "registrations",
  live: () => Registrations.ParticipationPaymentProcessor.pipe(Layer.provideMerge(Layer.mergeAll(RegistrationsReposPg, WaitlistReposPg, TransferRepoPg, DeferralRepoPg, WaiverRepoPg, WaveRepoPg, BibRepoPg, FormUploadRepoPg, BookingAddOnRepoPg, EventAnnouncementRepoPg))),
  memory: () => Layer.merge(RegistrationsReposMemory, EventAnnouncementRepoMemory),
  jobs: jobHandlers,
  schedules: [
    { name: ExpireHoldsJobName, every: "1 minute", description: "Moves PENDING bookings whose payment hold lapsed to EXPIRED and releases their seats (once)" },
    { name: ProcessCancellationsJobName, every: "1 minute", description: "Cancels the bookings of cancelled events (paid ones refunded once through payments.refunds) and marks their intents processed" },
    { name: SweepWaitlistsJobName, every: "1 minute", description: "Expires lapsed waitlist offers (their seats pass on), offers freed seats to waiting entries, queues offer notifications" }
  ]
})
