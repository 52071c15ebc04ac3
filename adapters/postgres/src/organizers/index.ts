/** The organizers context's Postgres repositories. */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { Organizers } from "@podium/core"
import { Layer } from "effect"
import { OrganizerRepoPg } from "./organizer.pg.js"
import { TeamRepoPg } from "./team.pg.js"

export * from "./organizer.pg.js"
export * from "./team.pg.js"
export * from "./staff-task.pg.js"
export * from "./kyc.pg.js"
export * from "./declaration.pg.js"
export * from "./gst.pg.js"
export * from "./crew-join.pg.js"

/** Every organizers repository on the database in context. */
export const OrganizersReposPg: Layer.Layer<Organizers.OrganizerRepo | Organizers.TeamRepo, never, SqlClient.SqlClient> = Layer.mergeAll(
  OrganizerRepoPg,
  TeamRepoPg
)
export * from "./analytics.pg.js"
