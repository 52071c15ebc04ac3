/**
 * Named periodic jobs. Time is cut into slots of `every` aligned to the Unix epoch; a slot's job
 * carries the dedupe key `${name}@${slotStartIso}`, so any number of schedulers enqueue it once.
 */
import { DateTime, Duration } from "effect"

export interface ScheduledJob {
  readonly name: string
  readonly every: Duration.DurationInput
  readonly payload?: unknown
  /** Attempts for each slot's job; default 3. */
  readonly maxAttempts?: number
  /** One sentence for operators (shown by the admin scheduler view). */
  readonly description?: string
}

const everyMs = (schedule: ScheduledJob) => {
  const ms = Duration.toMillis(Duration.decode(schedule.every))
  if (!(ms >= 1000)) throw new Error(`Schedule "${schedule.name}" must run at most once a second`)
  return ms
}

/** Start of the slot containing `now`. */
export const slotStart = (schedule: ScheduledJob, now: DateTime.Utc): DateTime.Utc => {
  const ms = everyMs(schedule)
  return DateTime.unsafeMake(Math.floor(DateTime.toEpochMillis(now) / ms) * ms)
}

/** Start of the slot after the one containing `now`. */
export const nextSlotStart = (schedule: ScheduledJob, now: DateTime.Utc): DateTime.Utc =>
  DateTime.unsafeMake(DateTime.toEpochMillis(slotStart(schedule, now)) + everyMs(schedule))

/** The insert-once key of one schedule's job for one slot. */
export const slotDedupeKey = (schedule: ScheduledJob, slot: DateTime.Utc): string =>
  `${schedule.name}@${DateTime.formatIso(slot)}`
