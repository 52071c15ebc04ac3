/**
 * Organizer shipping pickup address (A 4.8): where the shipping provider collects the organizer's
 * parcels, registered with the provider under a location name (the organizer's `pickupLocation`).
 * Read: OWNER, ADMIN, VIEWER (`data: null` before one is registered); register or replace: OWNER,
 * ADMIN (201). Indian addresses: 6-digit PIN code (first digit 1-9), 10-digit mobile number
 * starting 6-9 (`+91` accepted and removed). 503 SHIPPING_PROVIDER_NOT_CONFIGURED when no provider
 * is configured, 503 SHIPPING_PROVIDER_UNAVAILABLE when it cannot be reached (nothing is saved), 400
 * with the provider's reason when it refuses the address.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, EmailAddress, Optional, PickupAddress, says, StrLength } from "@podium/kernel"
import { ParseResult, Schema } from "effect"
import { op, OrganizerManagers, OrganizerReaders } from "../common/index.js"

/** A six-digit Indian PIN code (postal index numbers never start with 0). */
export const IndianPincode = Schema.String.pipe(
  Schema.filter((s) => /^[1-9][0-9]{5}$/.test(s)),
  Schema.annotations({ ...says("must be a 6-digit Indian PIN code"), jsonSchema: { type: "string", pattern: "^[1-9][0-9]{5}$", example: "411001" } })
)

/** An Indian mobile number: 10 digits starting 6-9, optionally written with +91/91/0 and spaces or dashes; answered as the 10 digits. */
export const IndianMobile = Schema.String.pipe(
  Schema.transformOrFail(Schema.String, {
    strict: true,
    decode: (input, _, ast) => {
      const digits = input.replace(/[\s-]/g, "").replace(/^(\+91|91|0)(?=\d{10}$)/, "")
      return /^[6-9]\d{9}$/.test(digits)
        ? ParseResult.succeed(digits)
        : ParseResult.fail(new ParseResult.Type(ast, input, "must be a 10-digit Indian mobile number"))
    },
    encode: ParseResult.succeed
  }),
  Schema.annotations({ ...says("must be a 10-digit Indian mobile number"), jsonSchema: { type: "string", example: "9876543210" } })
)

/** A provider location name: letters, digits, spaces, `-`, `_`; at most 36 characters. */
export const LocationName = Schema.String.pipe(
  Schema.filter((s) => /^[A-Za-z0-9 _-]{1,36}$/.test(s)),
  Schema.annotations(says("must be 1 to 36 letters, digits, spaces, '-' or '_'"))
)

/** RegisterPickupAddressDto (the spec does not show it; this is our design). */
export const RegisterPickupAddressBody = Body({
  locationName: Optional(LocationName),
  contactName: StrLength(2, 100),
  phone: IndianMobile,
  email: Optional(EmailAddress),
  addressLine1: StrLength(10, 200),
  addressLine2: Optional(StrLength(0, 200)),
  city: StrLength(2, 60),
  state: StrLength(2, 60),
  pincode: IndianPincode
})

/** The stored record without its creation time (the answer shows when it was registered and changed). */
export const PickupAddressView = PickupAddress.omit("createdAt").annotations({ identifier: "OrganizerPickupAddress" })

const OrganizerPath = Schema.Struct({ organizerId: Schema.String })

export class OrganizerShippingGroup extends HttpApiGroup.make("organizerShipping")
  .add(op.get("getPickupAddress", "/v2/organizers/:organizerId/shipping/pickup-address", { path: OrganizerPath, ok: Schema.NullOr(PickupAddressView), summary: "The organizer's registered pickup address (null before one is registered)" }).middleware(OrganizerReaders))
  .add(op.post("registerPickupAddress", "/v2/organizers/:organizerId/shipping/pickup-address", { path: OrganizerPath, body: RegisterPickupAddressBody, ok: PickupAddressView, status: 201, summary: "Register (or replace) the pickup address with the shipping provider; it becomes the organizer's pickupLocation" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Organizer shipping")
  .annotate(OpenApi.Description, "The organizer's pickup address registered with the shipping provider")
{}
