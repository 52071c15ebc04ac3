/** Helpers of the compliance tests: SQL against the host's database. */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import type { RealHost } from "../support/real-host.js"

/** Runs one query on the host's database and answers its rows. */
export const query = <A extends object = Record<string, unknown>>(host: RealHost, build: (sql: SqlClient.SqlClient) => Effect.Effect<ReadonlyArray<A>, unknown>) =>
  host.run(Effect.flatMap(SqlClient.SqlClient, (sql) => build(sql)).pipe(Effect.orDie))
