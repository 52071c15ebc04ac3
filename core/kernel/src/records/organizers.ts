/** Records of the organizers context whose stored shape is their wire shape (see ../record.ts). */
import { Schema } from "effect"
import { Instant } from "../record.js"

/**
 * An organizer's shipping pickup address (A 4.8 `/v2/organizers/{organizerId}/shipping/pickup-address`):
 * where the shipping provider collects the organizer's parcels (medals, kits, goodies), registered
 * with the provider under a location name (the organizer's `pickupLocation`, A 2.2) that later
 * shipments name.
 */
export const PickupAddress = Schema.Struct({
  organizerId: Schema.String,
  locationName: Schema.String,
  contactName: Schema.String,
  /** Ten-digit Indian mobile number (the contract normalises +91 forms). */
  phone: Schema.String,
  email: Schema.NullOr(Schema.String),
  addressLine1: Schema.String,
  addressLine2: Schema.NullOr(Schema.String),
  city: Schema.String,
  state: Schema.String,
  /** Six-digit Indian PIN code. */
  pincode: Schema.String,
  country: Schema.String,
  /** The provider that registered it (`local`, `shiprocket`). */
  provider: Schema.String,
  /** The provider's id of the location (Shiprocket's pickup id), when it answers one. */
  providerReference: Schema.NullOr(Schema.String),
  registeredAt: Instant,
  createdAt: Instant,
  updatedAt: Instant
})
export interface PickupAddress extends Schema.Schema.Type<typeof PickupAddress> {}

export const StaffTaskStatuses = ["OPEN", "IN_PROGRESS", "DONE", "CANCELLED"] as const
export type StaffTaskStatus = (typeof StaffTaskStatuses)[number]

export const StaffTask = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  title: Schema.String,
  description: Schema.NullOr(Schema.String),
  assigneeMemberId: Schema.NullOr(Schema.String),
  dueAt: Schema.NullOr(Instant),
  status: Schema.Literal(...StaffTaskStatuses),
  createdByMemberId: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
})
export interface StaffTask extends Schema.Schema.Type<typeof StaffTask> {}
