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
  /** The shipments booked, oldest first (one per reference). */
  readonly shipments: () => ReadonlyArray<Organizers.ShipmentRequest & Organizers.ShipmentReceipt>
  /** The next call fails: `rejected` (the provider's validation) or `unavailable` (an outage). */
  readonly failNext: (kind: "rejected" | "unavailable", reason: string) => void
}

export const makeShippingProviderLocal = (): { readonly provider: Organizers.ShippingProvider["Type"]; readonly recorder: LocalShippingRecorder } => {
  const registered = new Map<string, Organizers.PickupLocationRequest & { readonly reference: string }>()
  const shipments = new Map<string, Organizers.ShipmentRequest & Organizers.ShipmentReceipt>()
  let failure: { readonly kind: "rejected" | "unavailable"; readonly reason: string } | null = null
  const sameAddress = (a: Organizers.PickupLocationRequest, b: Organizers.PickupLocationRequest) =>
    a.addressLine1 === b.addressLine1 && a.pincode === b.pincode && a.city === b.city && a.phone === b.phone
  const failed = (): Effect.Effect<never, Organizers.ShippingProviderRejected | Organizers.ShippingProviderUnavailable> | null => {
    if (failure === null) return null
    const f = failure
    failure = null
    return f.kind === "rejected"
      ? Effect.fail(new Organizers.ShippingProviderRejected({ reason: f.reason }))
      : Effect.fail(new Organizers.ShippingProviderUnavailable({ reason: f.reason }))
  }
  const provider = Organizers.ShippingProvider.of({
    provider: "local",
    configured: true,
    // Booked at once with a deterministic AWB (`LOCAL<10 digits>`); the same reference answers the same shipment.
    createShipment: (request) =>
      Effect.suspend((): Effect.Effect<Organizers.ShipmentReceipt, Organizers.ShippingProviderRejected | Organizers.ShippingProviderUnavailable> => {
        const failure = failed()
        if (failure !== null) return failure
        const existing = shipments.get(request.reference)
        if (existing !== undefined) {
          return Effect.succeed({ provider: "local", shipmentId: existing.shipmentId, trackingNumber: existing.trackingNumber, carrier: existing.carrier })
        }
        const n = shipments.size + 1
        const receipt = { provider: "local", shipmentId: `LOCAL-SHIPMENT-${n}`, trackingNumber: `LOCAL${String(n).padStart(10, "0")}`, carrier: "Local Courier" }
        shipments.set(request.reference, { ...request, ...receipt })
        return Effect.succeed(receipt)
      }),
    registerPickupLocation: (request) =>
      Effect.suspend((): Effect.Effect<Organizers.PickupLocationReceipt, Organizers.ShippingProviderRejected | Organizers.ShippingProviderUnavailable> => {
        const failure = failed()
        if (failure !== null) return failure
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
      shipments: () => [...shipments.values()],
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
    registerPickupLocation: () => Effect.fail(new Organizers.ShippingProviderNotConfigured({ variables })),
    createShipment: () => Effect.fail(new Organizers.ShippingProviderNotConfigured({ variables }))
  })
