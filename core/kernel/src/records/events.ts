/** Records of the events context whose stored shape is their wire shape (see ../record.ts). */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { Bool, IntBetween, StrLength, UuidStr } from "../validation.js"

/**
 * An event category (C "Sponsors and brands / Event categories"): a label organizers file their
 * events under and athletes filter by. Names are unique; inactive categories stay on the events
 * that use them but are not offered for new ones.
 */
export const EventCategory = Schema.Struct({
  id: UuidStr,
  name: StrLength(1, 60),
  description: Schema.NullOr(StrLength(0, 500)),
  sortOrder: IntBetween(0, 10_000),
  isActive: Bool,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "EventCategory" })
export interface EventCategory extends Schema.Schema.Type<typeof EventCategory> {}
