/**
 * Editions of event series as the hosts see them: their repository on Postgres or its memory twin,
 * and the `payment.captured` processors of edition and organizer SaaS orders in the payments
 * registry (so this context is listed after payments).
 */
import { Events } from "@podium/core"
import { EditionRepoMemory } from "@podium/core/testing"
import { EditionRepoPg } from "@podium/postgres"
import { Layer } from "effect"
import { hostContext } from "./host-context.js"

export const editionsContext = hostContext<Events.EditionRepo>({
  name: "editions",
  live: () => Layer.mergeAll(Events.EditionPaymentProcessor, Events.SaasPaymentProcessor).pipe(Layer.provideMerge(EditionRepoPg)),
  memory: () => EditionRepoMemory
})
