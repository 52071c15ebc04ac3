/**
 * A/B tests, experiments and their events on Postgres (configuration.*; migration 0311). A put and
 * an experiment update are one conditional statement (the move's statuses, variants only while
 * DRAFT, the expected version), the refusal then told from the row as it stands; an event is one
 * insert that ignores a repeat.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Configuration } from "@podium/core"
import { AbTest, Experiment } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { rowsOf } from "../rows.pg.js"

export const AbTestRepoPg = Layer.effect(Configuration.AbTestRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const tests = rowsOf(AbTest)
  const version = rowsOf(Schema.Struct({ version: Schema.Int }))
  return Configuration.AbTestRepo.of({
    list: tests.all(sql`select * from configuration.ab_tests order by key`),
    put: (key, f, guard) =>
      Effect.gen(function*() {
        const expected = guard.expectedVersion ?? null
        const put = yield* tests.maybe(sql`
          insert into configuration.ab_tests as t (key, name, description, enabled, variants, updated_by)
          values (${key}, ${f.name}, ${f.description}, ${f.enabled}, ${JSON.stringify(f.variants)}::jsonb, ${guard.by})
          on conflict (key) do update set name = excluded.name, description = excluded.description, enabled = excluded.enabled,
            variants = excluded.variants, updated_by = excluded.updated_by, version = t.version + 1, updated_at = now()
          where ${expected}::int is null or t.version = ${expected}::int
          returning *`)
        if (Option.isSome(put)) return put.value
        const current = yield* version.one(sql`select version from configuration.ab_tests where key = ${key}`)
        return yield* new Configuration.FlagVersionConflict({ key, expectedVersion: guard.expectedVersion ?? current.version, currentVersion: current.version })
      })
  })
}))

export const ExperimentRepoPg = Layer.effect(Configuration.ExperimentRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const experiments = rowsOf(Experiment)
  const find = (key: string) => experiments.maybe(sql`select * from configuration.experiments where key = ${key}`)
  return Configuration.ExperimentRepo.of({
    list: (status) =>
      experiments.all(sql`select * from configuration.experiments where ${status === undefined ? sql`true` : sql`status = ${status}`} order by key`),
    find,
    create: (input, by) =>
      Effect.flatMap(
        experiments.maybe(sql`
          insert into configuration.experiments ${sql.insert({ ...input, variants: JSON.stringify(input.variants), createdBy: by })}
          on conflict (key) do nothing returning *`),
        (row) => Option.isSome(row) ? Effect.succeed(row.value) : Effect.fail(new Configuration.ExperimentExists({ key: input.key }))
      ),
    update: (key, patch, expectedVersion) =>
      Effect.gen(function*() {
        const move = patch.move === undefined ? undefined : Configuration.ExperimentMoves.table[patch.move]
        const to = move?.to ?? null
        const variants = patch.variants === undefined ? null : JSON.stringify(patch.variants)
        const updated = yield* experiments.maybe(sql`
          update configuration.experiments e set
            name = coalesce(${patch.name ?? null}::text, e.name),
            hypothesis = coalesce(${patch.hypothesis ?? null}::text, e.hypothesis),
            metric = coalesce(${patch.metric ?? null}::text, e.metric),
            variants = coalesce(${variants}::jsonb, e.variants),
            status = coalesce(${to}::text, e.status),
            started_at = case when ${to}::text = 'RUNNING' then coalesce(e.started_at, now()) else e.started_at end,
            ended_at = case when ${to}::text = 'COMPLETED' then now() else e.ended_at end,
            version = e.version + 1, updated_at = now()
          where e.key = ${key}
            and ${move === undefined ? sql`true` : sql`e.status in ${sql.in(move.from as ReadonlyArray<string>)}`}
            and (${variants}::jsonb is null or e.status = 'DRAFT')
            and (${expectedVersion ?? null}::int is null or e.version = ${expectedVersion ?? null}::int)
          returning *`)
        if (Option.isSome(updated)) return updated.value
        const row = yield* find(key)
        if (Option.isNone(row)) return yield* new Configuration.ExperimentNotFound({ key })
        const r = row.value
        if (patch.move !== undefined && !Configuration.ExperimentMoves.allows(r.status, patch.move)) return yield* Configuration.ExperimentMoves.refused(r.status, patch.move)
        if (patch.variants !== undefined && r.status !== "DRAFT") return yield* new Configuration.ExperimentLocked({ key, status: r.status })
        return yield* new Configuration.FlagVersionConflict({ key, expectedVersion: expectedVersion ?? r.version, currentVersion: r.version })
      }),
    remove: (key) =>
      Effect.gen(function*() {
        const removed = yield* experiments.maybe(sql`delete from configuration.experiments where key = ${key} and status <> 'RUNNING' returning *`)
        if (Option.isSome(removed)) return removed.value
        const row = yield* find(key)
        return yield* Option.isNone(row) ? Effect.fail(new Configuration.ExperimentNotFound({ key })) : Effect.fail(new Configuration.ExperimentRunning({ key }))
      })
  })
}))

const ArmCount = Schema.Struct({ variant: Schema.String, exposures: Schema.Number, conversions: Schema.Number })
const Inserted = Schema.Struct({ kind: Schema.String })

export const ExperimentEventRepoPg = Layer.effect(Configuration.ExperimentEventRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const counts = rowsOf(ArmCount)
  const inserted = rowsOf(Inserted)
  return Configuration.ExperimentEventRepo.of({
    record: (key, userId, variant, kind) =>
      Effect.map(
        inserted.all(sql`
          insert into configuration.experiment_events (experiment_key, user_id, kind, variant) values (${key}, ${userId}::uuid, ${kind}, ${variant})
          on conflict do nothing returning kind`),
        (rows) => rows.length > 0
      ),
    counts: (key) =>
      counts.all(sql`
        select variant, count(*) filter (where kind = 'exposure')::int as exposures, count(*) filter (where kind = 'conversion')::int as conversions
        from configuration.experiment_events where experiment_key = ${key} group by variant`)
  })
}))

export const ExperimentReposPg = Layer.mergeAll(AbTestRepoPg, ExperimentRepoPg, ExperimentEventRepoPg)
