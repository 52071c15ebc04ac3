/** Repository of bib numbering (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { Bib, BibConfig, BibRange } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { BibTaken } from "./bib.model.js"

/**
 * Bibs. Numbers are unique per event (a unique index); every assignment of one event runs under
 * the event's row lock, so auto-assign fills gaps without handing a number out twice however many
 * run at once, and never moves a pinned bib.
 */
export class BibRepo extends Context.Tag("@podium/core/registrations/BibRepo")<BibRepo, {
  readonly config: (eventId: string) => Effect.Effect<BibConfig>
  readonly updateConfig: (eventId: string, patch: { readonly prefix?: string | undefined; readonly ranges?: ReadonlyArray<BibRange> | undefined }) => Effect.Effect<BibConfig>
  /** Sets a participant's bib by hand (pinned); the number must be free in the event. */
  readonly pin: (input: { readonly eventId: string; readonly participationId: string; readonly participantId: string; readonly number: number; readonly by: string }) => Effect.Effect<Bib, BibTaken>
  /** Numbers every active participant of confirmed bookings without a bib from their ticket's range, lowest free first. */
  readonly autoAssign: (eventId: string, by: string) => Effect.Effect<{ readonly assigned: ReadonlyArray<Bib>; readonly unassigned: number }>
  readonly findByNumber: (eventId: string, number: number) => Effect.Effect<Option.Option<Bib>>
  readonly ofParticipant: (participantId: string) => Effect.Effect<Option.Option<Bib>>
}>() {}
