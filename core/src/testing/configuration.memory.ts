/**
 * In-memory twins of the configuration repositories, with the Postgres adapters' visible rules:
 * every change bumps the version, a guarded flag refuses an unguarded write, a stale expected
 * version is refused, both platforms have a policy from the start, and the flag population is every
 * athlete the accounts twin holds, by id.
 */
import type { AbTest, AppPlatform, AppVersionPolicy, Experiment, FeatureFlag, MoveRefused, PlatformFlag } from "@podium/kernel"
import { Clock, Context, Effect, Either, Layer, Option } from "effect"
import { UserRepo } from "../accounts/account.port.js"
import { AppInstallRepo, AppVersionPolicyRepo } from "../configuration/app-versions.port.js"
import { DefaultAudience, FeatureFlagNotFound, FlagGuarded, FlagVersionConflict, PlatformFlagExists, PlatformFlagNotFound } from "../configuration/flags.model.js"
import { FeatureFlagRepo, FlagPopulation, PlatformFlagRepo, type WriteGuard } from "../configuration/flags.port.js"
import { ExperimentExists, ExperimentLocked, ExperimentMoves, ExperimentNotFound, ExperimentRunning } from "../configuration/experiments.model.js"
import { AbTestRepo, ExperimentEventRepo, ExperimentRepo } from "../configuration/experiments.port.js"
import { issuedMemoryIds } from "./sequential-id.js"

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
const byKey = <A extends { readonly key: string }>(a: A, b: A) => (a.key < b.key ? -1 : 1)
const defined = <A extends object>(patch: A) => Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as { [K in keyof A]?: Exclude<A[K], undefined> }

/** The refusal of a write on `row`, if any (the same order as the Postgres adapters' conditions). */
const refusal = (key: string, row: { readonly guarded: boolean; readonly version: number }, guard: WriteGuard) =>
  row.guarded && !guard.viaGuard
    ? new FlagGuarded({ key })
    : guard.expectedVersion !== undefined && guard.expectedVersion !== row.version
    ? new FlagVersionConflict({ key, expectedVersion: guard.expectedVersion, currentVersion: row.version })
    : undefined

export const FeatureFlagRepoMemory = Layer.sync(FeatureFlagRepo, () => {
  const rows = new Map<string, FeatureFlag>()
  return FeatureFlagRepo.of({
    list: Effect.sync(() => [...rows.values()].sort(byKey)),
    find: (key) => Effect.sync(() => Option.fromNullable(rows.get(key))),
    change: (key, patch, guard) =>
      Effect.flatMap(now, (at): Effect.Effect<FeatureFlag, FeatureFlagNotFound | FlagGuarded | FlagVersionConflict> => {
        const row = rows.get(key)
        if (row === undefined) {
          if (!guard.upsert) return Effect.fail(new FeatureFlagNotFound({ key }))
          const created: FeatureFlag = {
            key,
            description: patch.description ?? "",
            enabled: patch.enabled ?? false,
            guarded: patch.guarded ?? false,
            audience: patch.audience ?? DefaultAudience,
            version: 1,
            updatedBy: guard.by,
            createdAt: at,
            updatedAt: at
          }
          rows.set(key, created)
          return Effect.succeed(created)
        }
        const refused = refusal(key, row, guard)
        if (refused !== undefined) return Effect.fail(refused)
        const next: FeatureFlag = { ...row, ...defined(patch), version: row.version + 1, updatedBy: guard.by, updatedAt: at }
        rows.set(key, next)
        return Effect.succeed(next)
      })
  })
})

export const PlatformFlagRepoMemory = Layer.sync(PlatformFlagRepo, () => {
  const rows = new Map<string, PlatformFlag>()
  return PlatformFlagRepo.of({
    list: Effect.sync(() => [...rows.values()].sort(byKey)),
    find: (key) => Effect.sync(() => Option.fromNullable(rows.get(key))),
    create: (input, by) =>
      Effect.flatMap(now, (at) => {
        if (rows.has(input.key)) return Effect.fail(new PlatformFlagExists({ key: input.key }))
        const row: PlatformFlag = { ...input, version: 1, createdBy: by, updatedBy: by, createdAt: at, updatedAt: at }
        rows.set(row.key, row)
        return Effect.succeed(row)
      }),
    change: (key, patch, guard) =>
      Effect.flatMap(now, (at): Effect.Effect<PlatformFlag, PlatformFlagNotFound | FlagGuarded | FlagVersionConflict> => {
        const row = rows.get(key)
        if (row === undefined) return Effect.fail(new PlatformFlagNotFound({ key }))
        const refused = refusal(key, row, guard)
        if (refused !== undefined) return Effect.fail(refused)
        const next: PlatformFlag = { ...row, ...defined(patch), version: row.version + 1, updatedBy: guard.by, updatedAt: at }
        rows.set(key, next)
        return Effect.succeed(next)
      }),
    remove: (key, guard) =>
      Effect.suspend((): Effect.Effect<PlatformFlag, PlatformFlagNotFound | FlagGuarded | FlagVersionConflict> => {
        const row = rows.get(key)
        if (row === undefined) return Effect.fail(new PlatformFlagNotFound({ key }))
        const refused = refusal(key, row, guard)
        if (refused !== undefined) return Effect.fail(refused)
        rows.delete(key)
        return Effect.succeed(row)
      })
  })
})

/** The athletes of the accounts twin: its ids are the shared memory sequence, so the twin walks it and keeps the ids that are users. */
export const FlagPopulationMemory = Layer.effect(FlagPopulation, Effect.map(UserRepo, (users) =>
  FlagPopulation.of({
    page: (afterId, limit) =>
      Effect.gen(function*() {
        const out: Array<{ id: string; firstName: string | null; lastName: string | null }> = []
        for (const id of issuedMemoryIds()) {
          if (out.length >= limit) break
          if (afterId !== null && id <= afterId) continue
          const user = yield* users.findById(id)
          if (Option.isSome(user)) out.push({ id, firstName: user.value.firstName, lastName: user.value.lastName })
        }
        return out
      })
  })))

export const AppVersionPolicyRepoMemory = Layer.sync(AppVersionPolicyRepo, () => {
  const start = new Date(0)
  const initial = (platform: AppPlatform): AppVersionPolicy => ({ platform, minimumVersion: "0.0.0", latestVersion: "0.0.0", storeUrl: null, message: null, version: 1, updatedBy: null, updatedAt: start })
  const rows = new Map<AppPlatform, AppVersionPolicy>([["android", initial("android")], ["ios", initial("ios")]])
  const find = (platform: AppPlatform) => Effect.sync(() => rows.get(platform)!)
  return AppVersionPolicyRepo.of({
    list: Effect.sync(() => [rows.get("android")!, rows.get("ios")!]),
    find,
    // The memory transactor's process-wide lock stands for the row lock.
    lock: find,
    save: (platform, fields, by) =>
      Effect.map(now, (at) => {
        const next: AppVersionPolicy = { ...rows.get(platform)!, ...fields, version: rows.get(platform)!.version + 1, updatedBy: by, updatedAt: at }
        rows.set(platform, next)
        return next
      })
  })
})

export const AppInstallRepoMemory = Layer.sync(AppInstallRepo, () => {
  const rows = new Map<string, { readonly platform: AppPlatform; readonly version: string }>()
  return AppInstallRepo.of({
    record: (userId, platform, version) => Effect.sync(() => void rows.set(`${userId}:${platform}`, { platform, version })),
    versions: (platform) =>
      Effect.sync(() => {
        const counts = new Map<string, number>()
        for (const r of rows.values()) if (r.platform === platform) counts.set(r.version, (counts.get(r.version) ?? 0) + 1)
        return [...counts.entries()].map(([version, users]) => ({ version, users }))
      })
  })
})

export const AbTestRepoMemory = Layer.sync(AbTestRepo, () => {
  const rows = new Map<string, AbTest>()
  return AbTestRepo.of({
    list: Effect.sync(() => [...rows.values()].sort(byKey)),
    put: (key, fields, guard) =>
      Effect.flatMap(now, (at): Effect.Effect<AbTest, FlagVersionConflict> => {
        const row = rows.get(key)
        if (row !== undefined && guard.expectedVersion !== undefined && guard.expectedVersion !== row.version) {
          return Effect.fail(new FlagVersionConflict({ key, expectedVersion: guard.expectedVersion, currentVersion: row.version }))
        }
        const next: AbTest = row === undefined
          ? { key, ...fields, version: 1, updatedBy: guard.by, createdAt: at, updatedAt: at }
          : { ...row, ...fields, version: row.version + 1, updatedBy: guard.by, updatedAt: at }
        rows.set(key, next)
        return Effect.succeed(next)
      })
  })
})

type EventRow = { readonly key: string; readonly variant: string; readonly kind: "exposure" | "conversion" }

const experimentRepo = (events: Map<string, EventRow>) => {
  const rows = new Map<string, Experiment>()
  return ExperimentRepo.of({
    list: (status) => Effect.sync(() => [...rows.values()].filter((e) => status === undefined || e.status === status).sort(byKey)),
    find: (key) => Effect.sync(() => Option.fromNullable(rows.get(key))),
    create: (input, by) =>
      Effect.flatMap(now, (at) => {
        if (rows.has(input.key)) return Effect.fail(new ExperimentExists({ key: input.key }))
        const row: Experiment = { ...input, status: "DRAFT", version: 1, startedAt: null, endedAt: null, createdBy: by, createdAt: at, updatedAt: at }
        rows.set(row.key, row)
        return Effect.succeed(row)
      }),
    update: (key, patch, expectedVersion) =>
      Effect.flatMap(now, (at): Effect.Effect<Experiment, ExperimentNotFound | ExperimentLocked | MoveRefused | FlagVersionConflict> => {
        const row = rows.get(key)
        if (row === undefined) return Effect.fail(new ExperimentNotFound({ key }))
        const to = patch.move === undefined ? Either.right(row.status) : ExperimentMoves.transition(row.status, patch.move)
        if (Either.isLeft(to)) return Effect.fail(to.left)
        if (patch.variants !== undefined && row.status !== "DRAFT") return Effect.fail(new ExperimentLocked({ key, status: row.status }))
        if (expectedVersion !== undefined && expectedVersion !== row.version) return Effect.fail(new FlagVersionConflict({ key, expectedVersion, currentVersion: row.version }))
        const { move: _move, ...fields } = patch
        const next: Experiment = {
          ...row,
          ...defined(fields),
          status: to.right,
          startedAt: to.right === "RUNNING" ? row.startedAt ?? at : row.startedAt,
          endedAt: to.right === "COMPLETED" ? at : row.endedAt,
          version: row.version + 1,
          updatedAt: at
        }
        rows.set(key, next)
        return Effect.succeed(next)
      }),
    remove: (key) =>
      Effect.suspend((): Effect.Effect<Experiment, ExperimentNotFound | ExperimentRunning> => {
        const row = rows.get(key)
        if (row === undefined) return Effect.fail(new ExperimentNotFound({ key }))
        if (row.status === "RUNNING") return Effect.fail(new ExperimentRunning({ key }))
        rows.delete(key)
        // Its events go with it, as the Postgres foreign key cascades.
        for (const [id, e] of events) if (e.key === key) events.delete(id)
        return Effect.succeed(row)
      })
  })
}

const experimentEventRepo = (rows: Map<string, EventRow>) =>
  ExperimentEventRepo.of({
    record: (key, userId, variant, kind) =>
      Effect.sync(() => {
        const id = `${key}|${userId}|${kind}`
        if (rows.has(id)) return false
        rows.set(id, { key, variant, kind })
        return true
      }),
    counts: (key) =>
      Effect.sync(() => {
        const by = new Map<string, { variant: string; exposures: number; conversions: number }>()
        for (const r of rows.values()) {
          if (r.key !== key) continue
          const c = by.get(r.variant) ?? { variant: r.variant, exposures: 0, conversions: 0 }
          if (r.kind === "exposure") c.exposures++
          else c.conversions++
          by.set(r.variant, c)
        }
        return [...by.values()]
      })
  })

/** Experiments and their events share one store, so deleting an experiment deletes its events. */
export const ExperimentReposMemory: Layer.Layer<ExperimentRepo | ExperimentEventRepo> = Layer.effectContext(Effect.sync(() => {
  const events = new Map<string, EventRow>()
  return Context.make(ExperimentRepo, experimentRepo(events)).pipe(Context.add(ExperimentEventRepo, experimentEventRepo(events)))
}))

export const ConfigurationReposMemory = Layer.mergeAll(
  FeatureFlagRepoMemory,
  PlatformFlagRepoMemory,
  FlagPopulationMemory,
  AppVersionPolicyRepoMemory,
  AppInstallRepoMemory,
  AbTestRepoMemory,
  ExperimentReposMemory
)
