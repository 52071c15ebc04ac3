/** Repository of bib numbering (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { Bib, BibConfig, BibRange, BibRosterRow, DigitalBib, MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { BibTaken, DigitalBibMove, DigitalBibNotFound } from "./bib.model.js"

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
  /**
   * Issues a digital bib to every active participant of a confirmed booking of the event who holds a
   * number and has none yet, each with a fresh id and slug; one per participant (a unique index), so
   * two issues at once never give anyone two.
   */
  readonly issueDigital: (eventId: string, by: string, fresh: Effect.Effect<{ readonly id: string; readonly slug: string }>) => Effect.Effect<ReadonlyArray<DigitalBib>>
  readonly digitalOf: (participantId: string) => Effect.Effect<Option.Option<DigitalBib>>
  readonly digitalBySlug: (slug: string) => Effect.Effect<Option.Option<DigitalBib>>
  /** One conditional update: a reissue sets the new slug and bumps the version, a revoke records why. */
  readonly moveDigital: (id: string, move: DigitalBibMove, change: { readonly slug?: string; readonly by: string; readonly reason: string | null }) => Effect.Effect<DigitalBib, MoveRefused | DigitalBibNotFound>
  readonly updateDigital: (id: string, patch: { readonly displayName?: string | null | undefined; readonly emergencyContact?: string | null | undefined }) => Effect.Effect<DigitalBib, DigitalBibNotFound>
  /** Active participants of the event's confirmed bookings (of one booker when `userId`), by booking then position, with number and digital bib. */
  readonly roster: (eventId: string, filter: { readonly userId?: string | undefined; readonly page: number; readonly limit: number }) => Effect.Effect<{
    readonly items: ReadonlyArray<BibRosterRow>
    readonly total: number
  }>
}>() {}
