/**
 * `podium clubs tiers create|list|archive`: club membership tiers from a terminal. The spec lists
 * no tier-management route (only the public `GET /v2/clubs/{id}/tiers` and the purchase routes), so
 * operators create tiers here; every change writes an audit row (actor `cli`).
 *
 *   pnpm cli clubs tiers create --club <clubId> --name Gold --price 49900 --period MONTHLY \
 *     [--description "…"] [--benefit "Weekly coached run" --benefit "Kit discount"] [--sort 0]
 *   pnpm cli clubs tiers list --club <clubId> [--all]
 *   pnpm cli clubs tiers archive --club <clubId> --tier <tierId>
 */
import { Command, Options } from "@effect/cli"
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { AuditLogPg, ClubsReposPg, ClubTiersReposPg } from "@podium/postgres"
import { Console, Effect, Layer, Option, Schema } from "effect"

/** A tiers command failed in a way the operator can fix; printed as one line. */
export class TiersCommandFailed extends Schema.TaggedError<TiersCommandFailed>()("TiersCommandFailed", { message: Schema.String }) {}

const club = Options.text("club").pipe(Options.withDescription("The club id (a CLUB_MEMBERSHIP club)"))

/** The repositories the commands need, on the CLI's database. */
const withRepos = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.context<SqlClient.SqlClient>(), (database) =>
    effect.pipe(Effect.provide(Layer.mergeAll(ClubsReposPg, ClubTiersReposPg, AuditLogPg).pipe(Layer.provide(Layer.succeedContext(database))))))

const fail = (message: string) => new TiersCommandFailed({ message })

const line = (t: Clubs.ClubTier) =>
  `${t.id}  ${t.name}  ${t.priceAmount} paise ${t.currency}/${t.billingPeriod}  ${t.status}${t.benefits.length > 0 ? `  [${t.benefits.join("; ")}]` : ""}`

const create = Command.make("create", {
  club,
  name: Options.text("name").pipe(Options.withDescription("Tier name, 2-60 characters")),
  price: Options.integer("price").pipe(Options.withDescription("Price per period in paise (e.g. 49900 = 499.00 INR)")),
  period: Options.choice("period", Clubs.BillingPeriods).pipe(Options.withDefault("MONTHLY" as const), Options.withDescription("Billing period")),
  description: Options.text("description").pipe(Options.optional),
  benefit: Options.text("benefit").pipe(Options.repeated, Options.withDescription("A benefit line (repeatable)")),
  sort: Options.integer("sort").pipe(Options.withDefault(0), Options.withDescription("Display order (lower first)"))
}, (o) =>
  Effect.gen(function*() {
    const input: Clubs.CreateTierInput = {
      clubId: o.club,
      name: o.name,
      description: Option.getOrUndefined(o.description),
      priceAmount: o.price,
      billingPeriod: o.period,
      benefits: o.benefit,
      sortOrder: o.sort
    }
    const messages = Clubs.validateTierInput(input)
    if (messages.length > 0) return yield* fail(messages.join("; "))
    const tier = yield* withRepos(Clubs.createTier(input, undefined)).pipe(
      Effect.catchTags({
        ClubNotFound: (e) => fail(`unknown club ${e.ref}`),
        ClubNotMembershipType: () => fail("only CLUB_MEMBERSHIP clubs sell tiers")
      })
    )
    yield* Console.log(`created tier ${line(tier)}`)
  })).pipe(Command.withDescription("Create a membership tier on a CLUB_MEMBERSHIP club."))

const list = Command.make("list", { club, all: Options.boolean("all").pipe(Options.withDescription("Include ARCHIVED tiers")) }, ({ all, club }) =>
  Effect.gen(function*() {
    const tiers = yield* withRepos(Effect.flatMap(Clubs.ClubTierRepo, (r) => r.list(club, { includeArchived: all })))
    if (tiers.length === 0) return yield* Console.log("no tiers")
    for (const t of tiers) yield* Console.log(line(t))
  })).pipe(Command.withDescription("List a club's tiers."))

const archive = Command.make("archive", { club, tier: Options.text("tier").pipe(Options.withDescription("The tier id")) }, ({ club, tier }) =>
  Effect.gen(function*() {
    const archived = yield* withRepos(Clubs.archiveTier(club, tier, undefined)).pipe(
      Effect.catchTags({
        ClubTierNotFound: () => fail(`unknown tier ${tier} in club ${club}`),
        ClubTierNotActive: () => fail(`tier ${tier} is already archived`)
      })
    )
    yield* Console.log(`archived tier ${line(archived)}`)
  })).pipe(Command.withDescription("Take a tier off sale (members keep it until their period ends)."))

/** `tiers …` (under `clubs`). */
export const tiersCommand = Command.make("tiers").pipe(
  Command.withDescription("Club membership tiers (the spec has no tier-management route)."),
  Command.withSubcommands([create, list, archive])
)
