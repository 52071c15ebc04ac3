/**
 * Club tier payments: registers the clubs context's `payment.captured` processor for tier
 * orders (purpose `club_tier`) in the host's payment event registry, with the repositories, ledger,
 * unit of work and audit writer of the host, so a payment the gateway captures without the app
 * calling verify still activates the membership (idempotent with verify).
 */
import { Clubs, type Payments, type Platform, type Wallets } from "@podium/core"
import { Layer } from "effect"

/** What the processor needs from the host's infrastructure. */
export type ClubTierPaymentNeeds =
  | Payments.PaymentEventProcessors
  | Platform.Transactor
  | Platform.AuditLog
  | Wallets.Ledger
  | Clubs.ClubMemberRepo
  | Clubs.ClubTierRepo
  | Clubs.TierCheckoutRepo
  | Clubs.TierMembershipRepo
  | Clubs.TierPromoRepo

/** Adds the tier-payment processor registration to an infrastructure layer that has what it needs. */
export const withClubTierPayments = <ROut, E, RIn>(
  infrastructure: Layer.Layer<ROut | ClubTierPaymentNeeds, E, RIn>
): Layer.Layer<ROut | ClubTierPaymentNeeds, E, RIn> => Clubs.ClubTierPaymentProcessor.pipe(Layer.provideMerge(infrastructure))
