/** Challenge audiences (Postgres adapter in @podium/postgres). */
import type { ChallengeAudience } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { AudienceAlreadyAdded } from "./audience.model.js"

export class ChallengeAudienceRepo extends Context.Tag("@podium/core/challenges/ChallengeAudienceRepo")<ChallengeAudienceRepo, {
  readonly add: (input: Pick<ChallengeAudience, "challengeId" | "kind" | "refId" | "createdBy">) => Effect.Effect<ChallengeAudience, AudienceAlreadyAdded>
  /** Removes one audience of the challenge; none when it was not there. */
  readonly remove: (challengeId: string, audienceId: string) => Effect.Effect<Option.Option<ChallengeAudience>>
  /** Oldest first. */
  readonly ofChallenge: (challengeId: string) => Effect.Effect<ReadonlyArray<ChallengeAudience>>
}>() {}
