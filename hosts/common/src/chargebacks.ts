/**
 * Chargebacks (part of the payments context): the case repository on the host's database and the
 * dispute processor registered in the payments block's registry, so the gateway's dispute webhooks
 * stored in the inbox create and refresh cases. Listed after `paymentsContext`, whose registry,
 * order repository and unit of work it uses.
 */
import { Payments } from "@podium/core"
import { ChargebackRepoMemory } from "@podium/core/testing"
import { ChargebackRepoPg } from "@podium/postgres"
import { Layer } from "effect"
import { hostContext } from "./host-context.js"

export type ChargebacksInfrastructure = Payments.ChargebackRepo

export const chargebacksContext = hostContext<ChargebacksInfrastructure>({
  name: "chargebacks",
  live: () => Payments.ChargebackDisputeProcessor.pipe(Layer.provideMerge(ChargebackRepoPg)),
  memory: () => Payments.ChargebackDisputeProcessor.pipe(Layer.provideMerge(ChargebackRepoMemory))
})
