/**
 * The shipping provider chosen by configuration (shipping-config.ts): Shiprocket over HTTP, the
 * local offline provider (its recorder exposed as `RecordedShipping` for tests and the operator),
 * or "not configured" (every call 503 SHIPPING_PROVIDER_NOT_CONFIGURED).
 */
import type { Organizers } from "@podium/core"
import { type LocalShippingRecorder, makeShippingProviderLocal, makeShippingProviderShiprocket, makeShippingProviderUnconfigured } from "@podium/providers"
import { Context, Effect, Layer, Redacted } from "effect"
import { Organizers as OrganizersCore } from "@podium/core"
import type { AppConfigShape } from "./config.js"
import { type ShippingSettings, ShippingVariables } from "./config/shipping.config.js"

export { loadShippingSettings, type ShippingSettings, ShippingVariables } from "./config/shipping.config.js"

/** What the local shipping provider registered (empty and inert with a real or no provider). */
export class RecordedShipping extends Context.Tag("@podium/host-common/RecordedShipping")<RecordedShipping, LocalShippingRecorder>() {}

const inertRecorder: LocalShippingRecorder = { registered: () => [], shipments: () => [], failNext: () => undefined }

const defaultSettings = (config: Pick<AppConfigShape, "appEnv">): ShippingSettings => (config.appEnv === "production" ? { kind: "none" } : { kind: "local" })

/** The provider and recorder of a configuration. */
export const shippingProviderLayer = (config: Pick<AppConfigShape, "appEnv"> & { readonly shipping?: ShippingSettings | undefined }): Layer.Layer<Organizers.ShippingProvider | RecordedShipping> =>
  Layer.effectContext(Effect.sync(() => {
    const settings = config.shipping ?? defaultSettings(config)
    const chosen = settings.kind === "shiprocket"
      ? { provider: makeShippingProviderShiprocket({ baseUrl: settings.url, email: settings.email, password: Redacted.value(settings.password) }), recorder: inertRecorder }
      : settings.kind === "local"
      ? makeShippingProviderLocal()
      : { provider: makeShippingProviderUnconfigured(ShippingVariables), recorder: inertRecorder }
    return Context.make(OrganizersCore.ShippingProvider, chosen.provider).pipe(Context.add(RecordedShipping, chosen.recorder))
  }))

/** The `shipping` line of the start-up summary (no credentials). */
export const describeShipping = (config: Pick<AppConfigShape, "appEnv"> & { readonly shipping?: ShippingSettings | undefined }): string => {
  const settings = config.shipping ?? defaultSettings(config)
  if (settings.kind === "shiprocket") return `shiprocket at ${settings.url}`
  if (settings.kind === "local") return "local offline provider (nothing is sent)"
  return `not configured (${ShippingVariables})`
}
