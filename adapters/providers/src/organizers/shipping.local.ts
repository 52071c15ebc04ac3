/**
 * The local shipping provider: works offline and keeps what it registered (inspectable by tests
 * and the operator), answers deterministic references (`LOCAL-PICKUP-<n>`), refuses a location
 * name already registered with a different address (as Shiprocket does), and can be told to fail
 * the next call (`failNext`). Used in development and test when no real provider is configured.
 */
import { Organizers } from "@podium/core"
import { Effect } from "effect"

export interface LocalShippingRecorder {
  readonly registered: () => ReadonlyArray<Organizers.PickupLocationRequest & { readonly reference: string }>
  /** The next call fails: `rejected` (the provider's validation) or `unavailable` (an outage). */
  readonly failNext: (kind: "rejected" | "unavailable", reason: string) => void
}

export const makeShippingProviderLocal = (): { readonly provider: Organizers.ShippingProvider["Type"]; readonly recorder: LocalShippingRecorder } => {
  const registered = new Map<string, Organizers.PickupLocationRequest & { readonly reference: string }>()
  let failure: { readonly kind: "rejected" | "unavailable"; readonly reason: string } | null = null
  const sameAddress = (a: Organizers.PickupLocationRequest, b: Organizers.PickupLocationRequest) =>
    a.addressLine1 === b.addressLine1 && a.pincode === b.pincode && a.city === b.city && a.phone === b.phone
  const provider = Organizers.ShippingProvider.of({
    provider: "local",
    configured: true,
    registerPickupLocation: (request) =>
      Effect.suspend((): Effect.Effect<Organizers.PickupLocationReceipt, Organizers.ShippingProviderRejected | Organizers.ShippingProviderUnavailable> => {
        if (failure !== null) {
          const f = failure
          failure = null
          return f.kind === "rejected"
            ? Effect.fail(new Organizers.ShippingProviderRejected({ reason: f.reason }))
            : Effect.fail(new Organizers.ShippingProviderUnavailable({ reason: f.reason }))
        }
        const existing = registered.get(request.locationName)
        if (existing !== undefined) {
          return sameAddress(existing, request)
            ? Effect.succeed({ provider: "local", reference: existing.reference })
            : Effect.fail(new Organizers.ShippingProviderRejected({ reason: `pickup location "${request.locationName}" is already in use` }))
        }
        const reference = `LOCAL-PICKUP-${registered.size + 1}`
        registered.set(request.locationName, { ...request, reference })
        return Effect.succeed({ provider: "local", reference })
      })
  })
  return {
    provider,
    recorder: {
      registered: () => [...registered.values()],
      failNext: (kind, reason) => {
        failure = { kind, reason }
      }
    }
  }
}

/** The provider when none is configured (production without credentials): every call fails ShippingProviderNotConfigured. */
export const makeShippingProviderUnconfigured = (variables: string): Organizers.ShippingProvider["Type"] =>
  Organizers.ShippingProvider.of({
    provider: "none",
    configured: false,
    registerPickupLocation: () => Effect.fail(new Organizers.ShippingProviderNotConfigured({ variables }))
  })
