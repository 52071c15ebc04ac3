/**
 * `podium sponsors create-brand --name <name>`: creates a sponsoring brand (PENDING). The spec
 * shows no route that creates a brand, so operators create them here (audited with the CLI as the
 * actor); admins then approve them and add their accounts through `/v2/admin/sponsors/...`.
 */
import { Command, Options } from "@effect/cli"
import { Sponsors } from "@podium/core"
import { AuditLogPg, SponsorsReposPg, TransactorPg } from "@podium/postgres"
import { Console, Effect, Layer, Schema } from "effect"

/** A sponsors command failed in a way the operator can fix; printed as one line. */
export class SponsorsCommandFailed extends Schema.TaggedError<SponsorsCommandFailed>()("SponsorsCommandFailed", { message: Schema.String }) {}

const createBrand = Command.make("create-brand", {
  name: Options.text("name").pipe(Options.withDescription("The brand's name (2-120 characters)"))
}, ({ name }) =>
  Effect.gen(function*() {
    const trimmed = name.trim()
    if (trimmed.length < 2 || trimmed.length > 120) return yield* new SponsorsCommandFailed({ message: "--name must be 2-120 characters" })
    const brand = yield* Sponsors.createBrand({ kind: "cli", id: null }, { name: trimmed }).pipe(
      Effect.provide(Layer.mergeAll(SponsorsReposPg, AuditLogPg, TransactorPg))
    )
    yield* Console.log(`brand ${brand.id} "${brand.name}" created (${brand.status}); approve it with PATCH /v2/admin/sponsors/brands/${brand.id}/approval`)
  })).pipe(Command.withDescription("Create a sponsoring brand (PENDING until an admin approves it)."))

/** `sponsors …` commands; they need the database in context. */
export const sponsorsCommand = Command.make("sponsors").pipe(
  Command.withDescription("Sponsors operations: create brands."),
  Command.withSubcommands([createBrand])
)
