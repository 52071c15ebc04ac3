/** Repository of waivers and acceptances (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { Waiver, WaiverAcceptance } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { WaiverExists, WaiverNotFound } from "./waiver.model.js"

/**
 * Waivers. Versions of one event are written one at a time (the event's row is the lock): create
 * refuses while one is active, update deactivates the active version and inserts the next, so
 * versions are unique and at most one is active however many writers race.
 */
export class WaiverRepo extends Context.Tag("@podium/core/registrations/WaiverRepo")<WaiverRepo, {
  readonly active: (eventId: string) => Effect.Effect<Option.Option<Waiver>>
  readonly create: (input: { readonly id: string; readonly eventId: string; readonly title: string; readonly body: string; readonly createdBy: string }) => Effect.Effect<Waiver, WaiverExists>
  readonly update: (input: { readonly id: string; readonly eventId: string; readonly title?: string | undefined; readonly body?: string | undefined; readonly createdBy: string }) => Effect.Effect<Waiver, WaiverNotFound>
  readonly deactivate: (eventId: string, at: Date) => Effect.Effect<Waiver, WaiverNotFound>
  readonly accept: (rows: ReadonlyArray<WaiverAcceptance>) => Effect.Effect<void>
  readonly acceptance: (participantId: string) => Effect.Effect<Option.Option<WaiverAcceptance>>
  readonly acceptances: (eventId: string, page: number, limit: number) => Effect.Effect<{ readonly items: ReadonlyArray<WaiverAcceptance>; readonly total: number }>
}>() {}
