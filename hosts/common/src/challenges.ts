/**
 * The challenges context's infrastructure (challenge badge requests): its Postgres
 * repositories. The blob store and the audit writer come from the organizers block.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { Challenges } from "@podium/core"
import { BadgeRequestRepoMemory } from "@podium/core/testing"
import { BadgeRequestRepoPg } from "@podium/postgres"
import { Layer } from "effect"

/** What the challenges block adds to a host. */
export type ChallengesInfrastructure = Challenges.BadgeRequestRepo

export const ChallengesLive: Layer.Layer<ChallengesInfrastructure, never, SqlClient.SqlClient> = BadgeRequestRepoPg

/** Adds the challenges block to an infrastructure layer. */
export const withChallenges = <ROut, E, RIn>(
  infrastructure: Layer.Layer<ROut | SqlClient.SqlClient, E, RIn>
): Layer.Layer<ROut | SqlClient.SqlClient | ChallengesInfrastructure, E, RIn> => ChallengesLive.pipe(Layer.provideMerge(infrastructure))

/** The challenges block without a database, for HTTP tests of other routes. */
export const challengesMemory = (): Layer.Layer<ChallengesInfrastructure> => BadgeRequestRepoMemory
