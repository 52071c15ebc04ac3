/**
 * Editions of event series and their master events as the hosts see them: their repositories on
 * Postgres or their memory twins, and the `payment.captured` processors of edition, master-event
 * and organizer SaaS orders in the payments registry (so this context is listed after payments,
 * wallets and results: master events move money through the ledger and rank the results).
 */
import { Events } from "@podium/core"
import { EditionRepoMemory, MasterEventRepoMemory } from "@podium/core/testing"
import { EditionRepoPg, MasterEventRepoPg } from "@podium/postgres"
import { Layer } from "effect"
import { hostContext } from "./host-context.js"

export const editionsContext = hostContext<Events.EditionRepo | Events.MasterEventRepo>({
  name: "editions",
  live: () =>
    Layer.mergeAll(Events.EditionPaymentProcessor, Events.SaasPaymentProcessor, Events.MasterOrderPaymentProcessor).pipe(
      Layer.provideMerge(Layer.merge(EditionRepoPg, MasterEventRepoPg))
    ),
  memory: () => Layer.merge(EditionRepoMemory, MasterEventRepoMemory)
})
