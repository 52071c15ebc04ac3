/**
 * The challenges context's infrastructure (challenge badge requests): its Postgres
 * repositories. The blob store and the audit writer come from the organizers block.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { Challenges } from "@podium/core"
import { BadgeRequestRepoMemory } from "@podium/core/testing"
import { BadgeRequestRepoPg } from "@podium/postgres"
import type { Layer } from "effect"
import { hostContext } from "./host-context.js"

/** What the challenges block adds to a host. */
export type ChallengesInfrastructure = Challenges.BadgeRequestRepo

export const ChallengesLive: Layer.Layer<ChallengesInfrastructure, never, SqlClient.SqlClient> = BadgeRequestRepoPg

export const challengesContext = hostContext<ChallengesInfrastructure>({
  name: "challenges",
  live: () => ChallengesLive,
  memory: () => BadgeRequestRepoMemory
})
