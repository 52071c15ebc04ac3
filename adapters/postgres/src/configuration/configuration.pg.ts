/**
 * The configuration repositories on Postgres (configuration.*; migration 0310). A flag change is
 * one conditional statement (`where (guard or not guarded) and (expected is null or version =
 * expected)`, version + 1), an upsert for PUT, so concurrent writes each land once and a refused one
 * changes nothing; the refusal is then told from the row as it stands. A policy edit locks its row.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Configuration } from "@podium/core"
import { AppVersionPolicy, FeatureFlag, PlatformFlag } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { rowsOf } from "../rows.pg.js"
import { ExperimentReposPg } from "./experiments.pg.js"

/** Why a conditional write on an existing row changed nothing (the order the memory twins follow). */
const refusal = (key: string, row: { readonly guarded: boolean; readonly version: number }, guard: Configuration.WriteGuard) =>
  row.guarded && !guard.viaGuard
    ? new Configuration.FlagGuarded({ key })
    : new Configuration.FlagVersionConflict({ key, expectedVersion: guard.expectedVersion ?? row.version, currentVersion: row.version })

const DefaultAudienceJson = JSON.stringify(Configuration.DefaultAudience)

export const FeatureFlagRepoPg = Layer.effect(Configuration.FeatureFlagRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const flags = rowsOf(FeatureFlag)
  const find = (key: string) => flags.maybe(sql`select * from configuration.feature_flags where key = ${key}`)
  return Configuration.FeatureFlagRepo.of({
    list: flags.all(sql`select * from configuration.feature_flags order by key`),
    find,
    change: (key, patch, guard) =>
      Effect.gen(function*() {
        const description = patch.description ?? null
        const enabled = patch.enabled ?? null
        const guarded = patch.guarded ?? null
        const audience = patch.audience === undefined ? null : JSON.stringify(patch.audience)
        const expected = guard.expectedVersion ?? null
        const set = sql`
          description = coalesce(${description}::text, f.description),
          enabled = coalesce(${enabled}::boolean, f.enabled),
          guarded = coalesce(${guarded}::boolean, f.guarded),
          audience = coalesce(${audience}::jsonb, f.audience),
          version = f.version + 1, updated_by = ${guard.by}, updated_at = now()`
        const allowed = sql`(${guard.viaGuard}::boolean or not f.guarded) and (${expected}::int is null or f.version = ${expected}::int)`
        const changed = guard.upsert
          ? yield* flags.maybe(sql`
              insert into configuration.feature_flags as f (key, description, enabled, guarded, audience, updated_by)
              values (${key}, coalesce(${description}::text, ''), coalesce(${enabled}::boolean, false), coalesce(${guarded}::boolean, false),
                      coalesce(${audience}::jsonb, ${DefaultAudienceJson}::jsonb), ${guard.by})
              on conflict (key) do update set ${set} where ${allowed}
              returning *`)
          : yield* flags.maybe(sql`update configuration.feature_flags f set ${set} where f.key = ${key} and ${allowed} returning *`)
        if (Option.isSome(changed)) return changed.value
        const row = yield* find(key)
        return yield* Option.isNone(row) ? Effect.fail(new Configuration.FeatureFlagNotFound({ key })) : Effect.fail(refusal(key, row.value, guard))
      })
  })
}))

export const PlatformFlagRepoPg = Layer.effect(Configuration.PlatformFlagRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const flags = rowsOf(PlatformFlag)
  const find = (key: string) => flags.maybe(sql`select * from configuration.platform_flags where key = ${key}`)
  const allowed = (guard: Configuration.WriteGuard) =>
    sql`(${guard.viaGuard}::boolean or not f.guarded) and (${guard.expectedVersion ?? null}::int is null or f.version = ${guard.expectedVersion ?? null}::int)`
  const refused = (key: string, guard: Configuration.WriteGuard): Effect.Effect<never, Configuration.PlatformFlagNotFound | Configuration.FlagGuarded | Configuration.FlagVersionConflict> =>
    Effect.flatMap(find(key), (row): Effect.Effect<never, Configuration.PlatformFlagNotFound | Configuration.FlagGuarded | Configuration.FlagVersionConflict> =>
      Option.isNone(row) ? Effect.fail(new Configuration.PlatformFlagNotFound({ key })) : Effect.fail(refusal(key, row.value, guard)))
  return Configuration.PlatformFlagRepo.of({
    list: flags.all(sql`select * from configuration.platform_flags order by key`),
    find,
    create: (input, by) =>
      Effect.flatMap(
        flags.maybe(sql`
          insert into configuration.platform_flags ${sql.insert({ ...input, createdBy: by, updatedBy: by })}
          on conflict (key) do nothing returning *`),
        (row) => Option.isSome(row) ? Effect.succeed(row.value) : Effect.fail(new Configuration.PlatformFlagExists({ key: input.key }))
      ),
    change: (key, patch, guard) =>
      Effect.flatMap(
        flags.maybe(sql`
          update configuration.platform_flags f set
            description = coalesce(${patch.description ?? null}::text, f.description),
            enabled = coalesce(${patch.enabled ?? null}::boolean, f.enabled),
            rollout_percentage = coalesce(${patch.rolloutPercentage ?? null}::int, f.rollout_percentage),
            guarded = coalesce(${patch.guarded ?? null}::boolean, f.guarded),
            version = f.version + 1, updated_by = ${guard.by}, updated_at = now()
          where f.key = ${key} and ${allowed(guard)} returning *`),
        (row) => Option.isSome(row) ? Effect.succeed(row.value) : refused(key, guard)
      ),
    remove: (key, guard) =>
      Effect.flatMap(
        flags.maybe(sql`delete from configuration.platform_flags f where f.key = ${key} and ${allowed(guard)} returning *`),
        (row) => Option.isSome(row) ? Effect.succeed(row.value) : refused(key, guard)
      )
  })
}))

const Member = Schema.Struct({ id: Schema.String, firstName: Schema.NullOr(Schema.String), lastName: Schema.NullOr(Schema.String) })

/** The athletes of accounts.users in id order (uuid order is the order of their lower-case text). */
export const FlagPopulationPg = Layer.effect(Configuration.FlagPopulation, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const members = rowsOf(Member)
  return Configuration.FlagPopulation.of({
    page: (afterId, limit) =>
      members.all(sql`
        select id::text as id, first_name, last_name from accounts.users
        where (${afterId}::uuid is null or id > ${afterId}::uuid) order by id limit ${limit}`)
  })
}))

export const AppVersionPolicyRepoPg = Layer.effect(Configuration.AppVersionPolicyRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const policies = rowsOf(AppVersionPolicy)
  return Configuration.AppVersionPolicyRepo.of({
    list: policies.all(sql`select * from configuration.app_version_policies order by platform`),
    find: (platform) => policies.one(sql`select * from configuration.app_version_policies where platform = ${platform}`),
    lock: (platform) => policies.one(sql`select * from configuration.app_version_policies where platform = ${platform} for update`),
    save: (platform, fields, by) =>
      policies.one(sql`
        update configuration.app_version_policies set ${sql.update(fields)}, version = version + 1, updated_by = ${by}, updated_at = now()
        where platform = ${platform} returning *`)
  })
}))

const VersionCount = Schema.Struct({ version: Schema.String, users: Schema.Number })

export const AppInstallRepoPg = Layer.effect(Configuration.AppInstallRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const counts = rowsOf(VersionCount)
  return Configuration.AppInstallRepo.of({
    record: (userId, platform, version) =>
      sql`
        insert into configuration.app_installs (user_id, platform, version) values (${userId}::uuid, ${platform}, ${version})
        on conflict (user_id, platform) do update set version = excluded.version, last_seen_at = now()`.pipe(Effect.asVoid, Effect.orDie),
    versions: (platform) =>
      counts.all(sql`select version, count(*)::int as users from configuration.app_installs where platform = ${platform} group by version`)
  })
}))

export const ConfigurationReposPg = Layer.mergeAll(FeatureFlagRepoPg, PlatformFlagRepoPg, FlagPopulationPg, AppVersionPolicyRepoPg, AppInstallRepoPg, ExperimentReposPg)
