/**
 * `podium seed`: the demo admin, athlete and organizer of a first sign-in, and how to sign in as
 * each. The embedded database admits one process, so while the HTTP host runs on it (`pnpm start`
 * without DATABASE_URL) the CLI cannot open it: the command then asks the running host to seed
 * through its development-only route, which does the same thing in-process.
 */
import { Command, Options } from "@effect/cli"
import type * as SqlClient from "@effect/sql/SqlClient"
import { demoSignInGuide, seedDemoAccounts, type DemoAccount } from "@podium/host-common"
import { AdminRepoPg, migrationStatus, OrganizersReposPg, UserRepoPg } from "@podium/postgres"
import { Console, Effect, Layer, Option, Schema } from "effect"

/** Seeding failed in a way the operator can fix (the one line printed). */
export class SeedFailed extends Schema.TaggedError<SeedFailed>()("SeedFailed", { message: Schema.String }) {}

const isEmbeddedLocked = (error: unknown): boolean =>
  /embedded database at .* is in use by process/.test(String((error as { message?: unknown } | null)?.message ?? error))

/** Seeds through the running host's `POST /v2/dev/seed`. */
const seedThroughHost = (baseUrl: string) =>
  Effect.tryPromise({
    try: async () => {
      const response = await fetch(`${baseUrl}/v2/dev/seed`, { method: "POST" })
      const body = (await response.json()) as { data?: { accounts: ReadonlyArray<DemoAccount> } }
      if (response.status !== 201 || body.data === undefined) throw new Error(`the host answered ${response.status}`)
      return body.data.accounts
    },
    catch: (e) =>
      new SeedFailed({
        message: `the embedded database is held by a running host, and ${baseUrl}/v2/dev/seed did not answer (${String(e)}). ` +
          "Stop the host and run `pnpm cli seed` again, or pass --url with the host's address (the route exists only outside production)."
      })
  })

export const makeSeedCommand = <R extends SqlClient.SqlClient, E>(services: Layer.Layer<R, E>) =>
  Command.make(
    "seed",
    {
      url: Options.text("url").pipe(
        Options.optional,
        Options.withDescription("Address of a running HTTP host to seed through when it holds the embedded database (default http://localhost:$PORT)")
      )
    },
    ({ url }) =>
      Effect.gen(function*() {
        const baseUrl = Option.getOrElse(url, () => `http://localhost:${process.env.PORT ?? "3000"}`)
        const direct = Effect.gen(function*() {
          const status = yield* Effect.orDie(migrationStatus)
          if (status.pending.length > 0) {
            return yield* new SeedFailed({ message: `${status.pending.length} migration(s) pending; run \`pnpm cli migrate\` (or start the host once on the embedded database) first` })
          }
          return yield* seedDemoAccounts.pipe(Effect.provide(Layer.mergeAll(AdminRepoPg, UserRepoPg, OrganizersReposPg)))
        }).pipe(
          Effect.provide(services),
          Effect.map((accounts) => ({ accounts, via: "database" as const }))
        )
        const seeded = yield* direct.pipe(
          Effect.catchAll((error) =>
            isEmbeddedLocked(error)
              ? Effect.map(seedThroughHost(baseUrl), (accounts) => ({ accounts, via: "host" as const }))
              : Effect.fail(error instanceof SeedFailed ? error : new SeedFailed({ message: `cannot seed: ${String((error as { message?: unknown })?.message ?? error)}` }))
          )
        )
        if (seeded.via === "host") yield* Console.log(`The running host holds the embedded database: seeded through ${baseUrl}/v2/dev/seed.\n`)
        yield* Console.log(demoSignInGuide(seeded.accounts, baseUrl))
      })
  ).pipe(Command.withDescription("Create the demo admin, athlete and organizer (idempotent) and print how to sign in as each (development)."))
