/**
 * An organizer's shipping pickup address (A 4.8 `/v2/organizers/{organizerId}/shipping/pickup-address`):
 * where the shipping provider collects the organizer's parcels (medals, kits, goodies). It is
 * registered with the provider under a location name (the organizer's `pickupLocation`, A 2.2) that
 * later shipments name. One address per organizer; registering again replaces it under a new
 * location name (providers such as Shiprocket refuse to edit or reuse a registered name).
 */
import { DomainError, type PickupAddress } from "@podium/kernel"
import { Schema } from "effect"

/** The record is shared with the contract, so it is declared in the kernel. */
export { PickupAddress } from "@podium/kernel"

/** The address fields the organizer gives (validated by the contract: Indian PIN code and phone). */
type AddressField = "contactName" | "phone" | "email" | "addressLine1" | "addressLine2" | "city" | "state" | "pincode"

/** The address as the organizer gives it. */
export interface PickupAddressInput extends Pick<PickupAddress, AddressField> {
  /** The provider's location name; absent: derived from the organizer id and a version. */
  readonly locationName: string | null
}

/** What the provider is asked to register. */
export interface PickupLocationRequest extends Pick<PickupAddress, AddressField | "locationName" | "country"> {}

export interface PickupLocationReceipt {
  readonly provider: string
  readonly reference: string | null
}

/** A parcel to book with the provider. */
export interface ShipmentRequest {
  /** The caller's id of the parcel (a challenge reward id): the provider's order id, idempotent. */
  readonly reference: string
  /** The registered pickup location it leaves from, when the sender has one. */
  readonly pickupLocation: string | null
  readonly recipient: {
    readonly name: string
    readonly phone: string
    readonly addressLine1: string
    readonly addressLine2: string | null
    readonly city: string
    readonly state: string
    readonly pincode: string
  }
  readonly item: { readonly name: string; readonly sku: string; readonly units: number }
  /** Declared value in minor units (0 for a prize). */
  readonly declaredValue: number
}

export interface ShipmentReceipt {
  readonly provider: string
  /** The provider's shipment id. */
  readonly shipmentId: string
  readonly trackingNumber: string
  readonly carrier: string
}

/** No shipping provider is configured (production without credentials): 503 SHIPPING_PROVIDER_NOT_CONFIGURED. */
export class ShippingProviderNotConfigured extends DomainError<ShippingProviderNotConfigured>()("ShippingProviderNotConfigured", { kind: "unavailable", code: "SHIPPING_PROVIDER_NOT_CONFIGURED" }, {
  variables: Schema.String
}) {
  override get message() {
    return `No shipping provider is configured (set ${this.variables})`
  }
}

/** The provider refused the address (its validation): 400 with the provider's reason. */
export class ShippingProviderRejected extends DomainError<ShippingProviderRejected>()("ShippingProviderRejected", { kind: "invalid", code: "SHIPPING_PROVIDER_REJECTED" }, {
  reason: Schema.String
}) {
  override get message() {
    return `The shipping provider refused the pickup address: ${this.reason}`
  }
}

/** The provider could not be reached or failed: 503 SHIPPING_PROVIDER_UNAVAILABLE (nothing was saved). */
export class ShippingProviderUnavailable extends DomainError<ShippingProviderUnavailable>()("ShippingProviderUnavailable", { kind: "unavailable", code: "SHIPPING_PROVIDER_UNAVAILABLE" }, {
  reason: Schema.String
}) {
  override get message() {
    return `The shipping provider is unavailable: ${this.reason}`
  }
}

/** Location names: letters, digits, spaces, `-` and `_`, at most 36 characters (Shiprocket's nickname limit). */
export const LocationNamePattern = /^[A-Za-z0-9 _-]{1,36}$/

/** The derived location name of an organizer's `version`-th registration. */
export const derivedLocationName = (organizerId: string, version: number) =>
  `PODIUM-${organizerId.replace(/-/g, "").slice(0, 12).toUpperCase()}-${version}`
