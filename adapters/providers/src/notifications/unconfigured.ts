import { Notifications } from "@podium/core"
import { Effect } from "effect"

/** A sender for a channel with no provider configured (production): every send fails ProviderNotConfigured (503). */
export const makeUnconfiguredSender = <M>(channel: Notifications.Channel, variables: string): Notifications.Sender<M> => ({
  provider: "none",
  configured: false,
  send: () =>
    Effect.fail(
      new Notifications.ProviderNotConfigured({ channel, message: `No ${channel} provider configured (set ${variables})` })
    )
})
