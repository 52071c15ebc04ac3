/** Records of the accounts context whose stored shape is their wire shape (see ../record.ts). */
import { Schema } from "effect"
import { Instant } from "../record.js"

/** An athlete account. A phone number or an e-mail address (or both) identifies it. */
export const User = Schema.Struct({
  id: Schema.String,
  phoneNumber: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
})
export interface User extends Schema.Schema.Type<typeof User> {}

export const AdminStatuses = ["ACTIVE", "SUSPENDED"] as const
export type AdminStatus = (typeof AdminStatuses)[number]

/** An administrator. TOTP columns are reserved for the second-factor work (secret stored encrypted). */
export const Admin = Schema.Struct({
  id: Schema.String,
  phoneNumber: Schema.String,
  email: Schema.NullOr(Schema.String),
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  handle: Schema.NullOr(Schema.String),
  status: Schema.Literal(...AdminStatuses),
  totpEnabledAt: Schema.NullOr(Instant),
  totpRequiredAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
})
export interface Admin extends Schema.Schema.Type<typeof Admin> {}
