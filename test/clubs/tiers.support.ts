/**
 * Helpers of the club tier tests: a CLUB_MEMBERSHIP club that may sell (ACTIVE, club KYC approved
 * straight through the repository), tiers created through the operators' use case (the CLI's), a
 * checkout through HTTP and a payment through the local gateway simulator.
 */
import { Clubs, type Payments } from "@podium/core"
import { LocalGatewayControl } from "@podium/providers"
import { Context, Effect, Option } from "effect"
import type { RealHost } from "../support/real-host.js"
import { type Caller, seedClub } from "./support.js"

/** Moves the club's KYC to APPROVED through the repository (the KYC capability's own tests cover its routes). */
export const approveKyc = async (host: RealHost, clubId: string) => {
  await host.run(Effect.gen(function*() {
    const repo = yield* Clubs.ClubKycRepo
    const saved = yield* repo.save(clubId, { panNumber: "ABCDE1234F", panName: "Test Club" }, { editable: ["DRAFT", "REJECTED", "RESUBMIT"] })
    const kyc = Option.getOrThrow(saved).kyc
    const at = new Date()
    yield* repo.transition(kyc.id, ["DRAFT"], "UNDER_REVIEW", { reason: null, reviewedBy: null, at })
    yield* repo.transition(kyc.id, ["UNDER_REVIEW"], "APPROVED", { reason: null, reviewedBy: null, at })
  }))
}

/** An ACTIVE CLUB_MEMBERSHIP club with OWNER, ADMIN, MODERATOR and MEMBER; KYC approved unless `kyc: false`. */
export const tiersClub = async (
  host: RealHost,
  options: { readonly kyc?: boolean; readonly requiresApproval?: boolean } = {}
): Promise<Awaited<ReturnType<typeof seedClub>>> => {
  const seeded = await seedClub(host, { clubType: "CLUB_MEMBERSHIP", requiresApproval: options.requiresApproval ?? false })
  if (options.kyc !== false) await approveKyc(host, seeded.club.id)
  return seeded
}

/** A tier on the club, created like `pnpm cli clubs tiers create` does. */
export const tierOf = (host: RealHost, clubId: string, priceAmount = 49900, name = "Gold", billingPeriod: Clubs.BillingPeriod = "MONTHLY") =>
  host.run(Clubs.createTier({ clubId, name, priceAmount, billingPeriod }, undefined))

/** Starts a checkout through HTTP (201 expected). */
export const buy = async (host: RealHost, buyer: Caller, clubId: string, tierId: string, body: Record<string, unknown> = {}) => {
  const res = await host.http.post(`/v2/clubs/${clubId}/tiers/${tierId}/checkout`, body, buyer.headers)
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${res.text}`)
  return res.body.data as { orderId: string; amount: number; checkoutId: string; promoId: string | null }
}

/** Pays an order at the local gateway: the payment id and the signature the gateway's checkout would give the app. */
export const pay = (host: RealHost, orderId: string, status: Payments.GatewayPayment["status"] = "captured") =>
  host.run(Context.get(host.context, LocalGatewayControl).pay(orderId, { status }))
