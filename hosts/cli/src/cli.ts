/**
 * The admin CLI's commands (@effect/cli): `migrate`, `migrate status`, `jobs list`, `jobs run <name>`,
 * `admin create --phone … [--email …] [--first-name …] [--last-name …]`, `erasure tick`, `audit verify [--window N]`,
 * `search ensure|health|reindex <collection>`, `clubs settlements run --from --to`, `sponsors create-brand --name …`.
 * Commands read the database through SqlClient and the JobQueue in context, so tests run them
 * in-process against a test database; `main.ts` wires the real layers.
 */
import { Args, Command, Options } from "@effect/cli"
import { auditCommand } from "./audit.command.js"
import { searchCommand } from "./search.command.js"
import { clubsCommand } from "./clubs.command.js"
import { sponsorsCommand } from "./sponsors.command.js"
import { makeSeedCommand } from "./seed.command.js"
import * as SqlClient from "@effect/sql/SqlClient"
import { Accounts, Compliance, Platform } from "@podium/core"
import { EmailAddress, PhoneNumber } from "@podium/kernel"
import { AuditLogPg, CompliancePg, migrationStatus, runMigrations } from "@podium/postgres"
import { Console, DateTime, Effect, Layer, Option, Schema } from "effect"
import { hostname } from "node:os"

/** A command failed in a way the operator can fix; printed as one line. */
export class CliFailure extends Schema.TaggedError<CliFailure>()("CliFailure", { message: Schema.String }) {}

/** A simple text progress bar line for stderr: `[#####-----] 1/2 label`. */
export const progressLine = (done: number, total: number, label: string, width = 20): string => {
  const filled = total === 0 ? width : Math.round((done / total) * width)
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${label}`
}

const iso = (d: DateTime.Utc | null) => (d === null ? "-" : DateTime.formatIso(d))

const pad = (rows: ReadonlyArray<ReadonlyArray<string>>) => {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? []
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  ").trimEnd()).join("\n")
}

const ensureMigrated = Effect.gen(function*() {
  const status = yield* migrationStatus.pipe(Effect.orDie)
  if (status.pending.length > 0) {
    return yield* new CliFailure({
      message: `${status.pending.length} migration(s) pending; run \`podium migrate\` first`
    })
  }
})

/** Builds the command tree; `services` is built only when a command that needs the database runs (not for --help). */
export const makePodiumCommand = <E>(services: Layer.Layer<CliRequirements, E>) => {
const migrateStatus = Command.make("status", {}, () =>
  Effect.gen(function*() {
    const status = yield* migrationStatus.pipe(Effect.orDie)
    yield* Console.log(`applied: ${status.applied.length}, pending: ${status.pending.length}`)
    for (const m of status.applied) yield* Console.log(`  applied  ${String(m.id).padStart(4, "0")}_${m.name}  ${m.appliedAt.toISOString()}`)
    for (const m of status.pending) yield* Console.log(`  pending  ${String(m.id).padStart(4, "0")}_${m.name}`)
    for (const m of status.skipped) {
      yield* Console.log(`  SKIPPED  ${String(m.id).padStart(4, "0")}_${m.name}  (id below the newest applied one: will never run)`)
    }
    if (status.pending.length === 0) yield* Console.log("none pending")
  })).pipe(Command.withDescription("Show applied and pending migrations."))

const migrate = Command.make("migrate", {}, () =>
  Effect.gen(function*() {
    const applied = yield* runMigrations({
      onProgress: ({ index, migration, total }) =>
        Console.error(progressLine(index, total, `${String(migration.id).padStart(4, "0")}_${migration.name}`))
    }).pipe(Effect.mapError((e) => new CliFailure({ message: `migration failed: ${e.message}` })))
    if (applied.length > 0) {
      yield* Console.error(progressLine(applied.length, applied.length, "done"))
      yield* Console.log(`applied ${applied.length} migration(s): ${applied.map((m) => `${m.id}_${m.name}`).join(", ")}`)
    } else {
      yield* Console.log("nothing to migrate: none pending")
    }
  })).pipe(
    Command.withDescription("Apply pending database migrations (forward only)."),
    Command.withSubcommands([migrateStatus])
  )

const jobsList = Command.make(
  "list",
  {
    status: Options.choice("status", Platform.JobStatuses).pipe(
      Options.optional,
      Options.withDescription("Only jobs in this status")
    ),
    name: Options.text("name").pipe(Options.optional, Options.withDescription("Only jobs with this name")),
    limit: Options.integer("limit").pipe(Options.withDefault(20), Options.withDescription("How many (newest first)"))
  },
  ({ limit, name, status }) =>
    Effect.gen(function*() {
      yield* ensureMigrated
      const queue = yield* Platform.JobQueue
      const jobs = yield* queue.list({
        limit,
        ...Option.match(status, { onNone: () => ({}), onSome: (s) => ({ status: s }) }),
        ...Option.match(name, { onNone: () => ({}), onSome: (n) => ({ name: n }) })
      })
      const counts = yield* queue.counts
      yield* Console.log(
        `jobs: ${Platform.JobStatuses.map((s) => `${s} ${counts[s]}`).join(", ")}`
      )
      if (jobs.length === 0) return yield* Console.log("no jobs match")
      yield* Console.log(pad([
        ["ID", "NAME", "STATUS", "ATTEMPTS", "RUN AT", "LAST ERROR"],
        ...jobs.map((j) => [
          j.id,
          j.name,
          j.status,
          `${j.attempts}/${j.maxAttempts}`,
          iso(j.runAt),
          (j.lastError ?? "").split("\n")[0]!.slice(0, 60)
        ])
      ]))
    })
).pipe(Command.withDescription("List jobs, newest first."))

const jobsRun = Command.make(
  "run",
  {
    name: Args.text({ name: "name" }).pipe(Args.withDescription("Job name, e.g. platform.jobs.prune")),
    payload: Options.text("payload").pipe(
      Options.withDefault("null"),
      Options.withDescription("JSON payload (default null)")
    )
  },
  ({ name, payload }) =>
    Effect.gen(function*() {
      yield* ensureMigrated
      const handlers = yield* Platform.JobHandlers
      if (!handlers.has(name)) {
        return yield* new CliFailure({
          message: `unknown job "${name}"; known jobs: ${[...handlers.keys()].sort().join(", ")}`
        })
      }
      const parsed = yield* Effect.try({
        try: () => JSON.parse(payload) as unknown,
        catch: () => new CliFailure({ message: "--payload must be JSON" })
      })
      yield* Console.error(progressLine(0, 1, name))
      const job = yield* Platform.runJobNow({
        name,
        payload: parsed,
        workerId: `cli-${hostname()}-${process.pid}`,
        maxAttempts: 1
      })
      yield* Console.error(progressLine(1, 1, `${name} ${job.status}`))
      yield* Console.log(`${job.name} ${job.id}: ${job.status}${job.lastError === null ? "" : ` (${job.lastError})`}`)
      if (job.status !== "SUCCEEDED") return yield* new CliFailure({ message: `job ${job.status}` })
    })
).pipe(Command.withDescription("Run one job now, in this process (enqueued and recorded like any other)."))

const adminCreate = Command.make(
  "create",
  {
    phone: Options.text("phone").pipe(Options.withDescription("Phone number in international form, e.g. +919876543210")),
    email: Options.text("email").pipe(Options.optional, Options.withDescription("E-mail address")),
    firstName: Options.text("first-name").pipe(Options.optional, Options.withDescription("First name")),
    lastName: Options.text("last-name").pipe(Options.optional, Options.withDescription("Last name"))
  },
  ({ email, firstName, lastName, phone }) =>
    Effect.gen(function*() {
      yield* ensureMigrated
      const phoneNumber = yield* Schema.decodeUnknown(PhoneNumber)(phone).pipe(
        Effect.mapError(() => new CliFailure({ message: "--phone must be a valid phone number" }))
      )
      const address = Option.isSome(email)
        ? yield* Schema.decodeUnknown(EmailAddress)(email.value).pipe(
          Effect.mapError(() => new CliFailure({ message: "--email must be an email" }))
        )
        : null
      const admin = yield* Accounts.createAdmin({
        phoneNumber,
        email: address,
        firstName: Option.getOrNull(firstName),
        lastName: Option.getOrNull(lastName)
      }).pipe(Effect.mapError((e) => new CliFailure({ message: `cannot create the admin: ${e.message}` })))
      yield* Console.log(`admin ${admin.id} created for ${admin.phoneNumber}`)
    })
).pipe(Command.withDescription("Create an administrator (signs in with an SMS code to that phone, role admin)."))

const admin = Command.make("admin").pipe(
  Command.withDescription("Administrator accounts."),
  Command.withSubcommands([adminCreate])
)

const erasureTick = Command.make("tick", {}, () =>
  Effect.gen(function*() {
    yield* ensureMigrated
    yield* Console.error(progressLine(0, 1, "erasure tick"))
    const result = yield* Compliance.tickErasures({ kind: "cli", id: null }).pipe(
      Effect.provide(Layer.merge(CompliancePg, AuditLogPg))
    )
    yield* Console.error(progressLine(1, 1, "erasure tick done"))
    yield* Console.log(`confirmed ${result.confirmed} erasure request(s)${result.ids.length > 0 ? `: ${result.ids.join(", ")}` : ""}`)
  })
).pipe(Command.withDescription("Confirm erasure requests whose cool-off elapsed and hard-delete their data (legal holds excepted); idempotent."))

const erasure = Command.make("erasure").pipe(
  Command.withDescription("Data-rights erasure requests."),
  Command.withSubcommands([erasureTick])
)

const jobs = Command.make("jobs").pipe(
  Command.withDescription("Inspect and run background jobs."),
  Command.withSubcommands([jobsList, jobsRun])
)

return Command.make("podium").pipe(
  Command.withDescription("Podium admin commands."),
  Command.withSubcommands([
    migrate.pipe(Command.provide(services)),
    jobs.pipe(Command.provide(services)),
    erasure.pipe(Command.provide(services)),
    auditCommand.pipe(Command.provide(services)),
    searchCommand.pipe(Command.provide(services)),
    clubsCommand.pipe(Command.provide(services)),
    sponsorsCommand.pipe(Command.provide(services)),
    admin.pipe(Command.provide(services)),
    // Builds the database itself, so it can fall back to a running host that holds the embedded one.
    makeSeedCommand(services)
  ])
)
}

/** Runs the CLI on `argv` (process.argv shape: the first two entries are skipped) with `services` for the commands. */
export const makeCli = <E>(services: Layer.Layer<CliRequirements, E>) =>
  Command.run(makePodiumCommand(services), { name: "podium", version: "0.1.0" })

/** What the CLI's commands need from their environment (besides @effect/cli's platform services). */
export type CliRequirements = SqlClient.SqlClient | Platform.JobQueue | Platform.JobHandlers | Accounts.AdminRepo
