/**
 * Journeys and steps (B "Notifications / Journeys", "Steps"): a role's journey is the ordered list
 * of its steps; a step exists once a mapping names it (mapping.model.ts) or an admin has set it.
 * Per step an admin sets a display name, a position in the journey, enabled, and a delay in
 * minutes. Summaries count steps, enabled/disabled, and mappings per channel.
 */
import { DomainError } from "@podium/kernel"
import { Context, type Effect, type Option, Schema } from "effect"
import { type Channel, Channels } from "./channels.port.js"
import { type MappingRole, MappingRoles } from "./mapping.model.js"

export const StepMapping = Schema.Struct({
  channel: Schema.Literal(...Channels),
  templateKey: Schema.String,
  enabled: Schema.Boolean
})
export interface StepMapping extends Schema.Schema.Type<typeof StepMapping> {}

export const JourneyStep = Schema.Struct({
  role: Schema.Literal(...MappingRoles),
  step: Schema.String,
  /** Display name (the step key until one is set). */
  name: Schema.String,
  /** Position in the role's journey; null: after the positioned ones, by key. */
  position: Schema.NullOr(Schema.Number),
  enabled: Schema.Boolean,
  delayMinutes: Schema.Number,
  mappings: Schema.Array(StepMapping)
})
export interface JourneyStep extends Schema.Schema.Type<typeof JourneyStep> {}

export interface JourneyStepPatch {
  readonly name?: string
  readonly position?: number | null
  readonly enabled?: boolean
  readonly delayMinutes?: number
}

export interface StepFilter {
  readonly role?: MappingRole
  readonly step?: string
  /** Case-insensitive match on the step key or name. */
  readonly search?: string
}

export class JourneyStepRepo extends Context.Tag("@podium/core/notifications/JourneyStepRepo")<JourneyStepRepo, {
  /** Steps ordered by role, position (nulls last), key. */
  readonly list: (filter: StepFilter) => Effect.Effect<ReadonlyArray<JourneyStep>>
  /** Saves the given settings of an existing step; none when no mapping or setting names it. */
  readonly update: (role: MappingRole, step: string, patch: JourneyStepPatch) => Effect.Effect<Option.Option<JourneyStep>>
}>() {}

/** No step with that key (for the role). */
export class JourneyStepNotFound extends DomainError<JourneyStepNotFound>()("JourneyStepNotFound", { kind: "not-found" }, {
  step: Schema.String,
  role: Schema.NullOr(Schema.String)
}) {
  override get message() {
    return this.role === null ? `No notification step ${this.step}` : `No ${this.role} notification step ${this.step}`
  }
}

export interface StepSummary {
  readonly steps: number
  readonly enabled: number
  readonly disabled: number
  /** Steps without any mapping (only settings). */
  readonly unmapped: number
  /** Mappings per channel. */
  readonly mappingsByChannel: Readonly<Record<Channel, number>>
}

/** Counts of a set of steps. */
export const summarizeSteps = (steps: ReadonlyArray<JourneyStep>): StepSummary => {
  const mappingsByChannel: Record<Channel, number> = { EMAIL: 0, SMS: 0, PUSH: 0, CHAT: 0 }
  for (const s of steps) for (const m of s.mappings) mappingsByChannel[m.channel]++
  const enabled = steps.filter((s) => s.enabled).length
  return {
    steps: steps.length,
    enabled,
    disabled: steps.length - enabled,
    unmapped: steps.filter((s) => s.mappings.length === 0).length,
    mappingsByChannel
  }
}
