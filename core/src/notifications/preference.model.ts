/**
 * Per-user delivery preferences: a switch per channel and per category (`challenges`, `events`,
 * `activity`, marketing…). The sender honours them: a disabled channel or category is not sent and
 * the log row says why. Messages without a category (OTP codes, receipts, security notices) are
 * transactional and always sent.
 */
import { Schema } from "effect"
import { type Channel, Channels } from "./channels.port.js"

/** The categories document C names for athletes. */
export const AthleteCategories = ["challenges", "events", "activity"] as const

export const UserPreferences = Schema.Struct({
  /** Missing entries mean enabled. */
  channels: Schema.partialWith(Schema.Record({ key: Schema.Literal(...Channels), value: Schema.Boolean }), { exact: true }),
  categories: Schema.Record({ key: Schema.String, value: Schema.Boolean })
})
export interface UserPreferences extends Schema.Schema.Type<typeof UserPreferences> {}

export const DefaultPreferences: UserPreferences = { channels: {}, categories: {} }

/** Whether a message may go out; the reason is written on the SKIPPED log row. */
export const checkPreferences = (
  preferences: UserPreferences,
  message: { readonly channel: Channel; readonly category: string | null }
): { readonly allowed: true } | { readonly allowed: false; readonly reason: string } => {
  if (message.category === null) return { allowed: true }
  if (preferences.categories[message.category] === false) {
    return { allowed: false, reason: `category "${message.category}" disabled by the user` }
  }
  if (preferences.channels[message.channel] === false) {
    return { allowed: false, reason: `channel ${message.channel} disabled by the user` }
  }
  return { allowed: true }
}
