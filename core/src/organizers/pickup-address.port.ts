import { Context, type Effect, type Option } from "effect"
import type {
  PickupAddress,
  PickupLocationReceipt,
  PickupLocationRequest,
  ShipmentReceipt,
  ShipmentRequest,
  ShippingProviderNotConfigured,
  ShippingProviderRejected,
  ShippingProviderUnavailable
} from "./pickup-address.model.js"

/** The organizers' pickup addresses, one per organizer. */
export class PickupAddressRepo extends Context.Tag("@podium/core/organizers/PickupAddressRepo")<PickupAddressRepo, {
  readonly find: (organizerId: string) => Effect.Effect<Option.Option<PickupAddress>>
  /** How many registrations the organizer made (for derived location names). */
  readonly registrations: (organizerId: string) => Effect.Effect<number>
  /** Creates or replaces the organizer's address and sets the organizer's `pickupLocation` to its name, atomically. */
  readonly save: (address: Omit<PickupAddress, "createdAt" | "updatedAt">) => Effect.Effect<PickupAddress>
}>() {}

/**
 * The shipping provider (Shiprocket-style courier aggregator): pickup registration for organizers
 * and shipment creation (a parcel to an athlete, answered with its tracking number).
 */
export class ShippingProvider extends Context.Tag("@podium/core/organizers/ShippingProvider")<ShippingProvider, {
  /** `local`, `shiprocket`, or `none` when not configured. */
  readonly provider: string
  readonly configured: boolean
  readonly registerPickupLocation: (
    request: PickupLocationRequest
  ) => Effect.Effect<PickupLocationReceipt, ShippingProviderNotConfigured | ShippingProviderRejected | ShippingProviderUnavailable>
  /**
   * Books a shipment and answers its tracking number. `reference` is the caller's own id of the
   * parcel (the provider's order id): asking again with the same reference answers the shipment
   * already booked instead of booking a second one.
   */
  readonly createShipment: (
    request: ShipmentRequest
  ) => Effect.Effect<ShipmentReceipt, ShippingProviderNotConfigured | ShippingProviderRejected | ShippingProviderUnavailable>
}>() {}
