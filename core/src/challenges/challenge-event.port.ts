/** Challenges attached to events (Postgres adapter in @podium/postgres). */
import type { ChallengeEventLink } from "@podium/kernel"
import { Context, type Effect } from "effect"

export class ChallengeEventRepo extends Context.Tag("@podium/core/challenges/ChallengeEventRepo")<ChallengeEventRepo, {
  /** Attaches (insert-once); false when it already was. */
  readonly attach: (challengeId: string, eventId: string, by: string) => Effect.Effect<boolean>
  /** Detaches; false when it was not attached. */
  readonly detach: (challengeId: string, eventId: string) => Effect.Effect<boolean>
  /** A challenge's links, oldest first. */
  readonly ofChallenge: (challengeId: string) => Effect.Effect<ReadonlyArray<ChallengeEventLink>>
  /** An event's links, oldest first. */
  readonly ofEvent: (eventId: string) => Effect.Effect<ReadonlyArray<ChallengeEventLink>>
}>() {}
