import * as SqlClient from "@effect/sql/SqlClient"
import { Duration, Effect } from "effect"

export type ProbeResult = { readonly status: "up" } | { readonly status: "down"; readonly message: string }

/** Health probe: `select 1` within a short timeout (default 2 s); never fails. */
export const databaseProbe = (timeout: Duration.DurationInput = "2 seconds"): Effect.Effect<ProbeResult, never, SqlClient.SqlClient> =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`select 1 as ok`.pipe(
      Effect.timeoutFail({
        duration: timeout,
        onTimeout: () => new Error(`no answer within ${Duration.format(Duration.decode(timeout))}`)
      }),
      Effect.as<ProbeResult>({ status: "up" }),
      Effect.catchAll((e) => {
        const cause = "cause" in e && e.cause instanceof Error ? `: ${e.cause.message}` : ""
        return Effect.succeed<ProbeResult>({ status: "down", message: `${e.message}${cause}` })
      }),
      Effect.catchAllDefect((d) => Effect.succeed<ProbeResult>({ status: "down", message: String(d) }))
    ))
