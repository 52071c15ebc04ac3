/**
 * Feature flags, platform flags and their inventory (B "Configuration and AI"), for admins with
 * `platform.configure`. Every change is one conditional statement that bumps the flag's version
 * (so concurrent PUTs each land once, and a write naming a stale version is 409
 * FLAG_VERSION_CONFLICT) and is audited in the same transaction. A guarded flag is changed only
 * through its guarded route, which asks for the key typed again, a reason and the version the
 * operator read: a second, deliberate check before flipping something that gates money, data or
 * access.
 */
import type { FeatureFlag, FlagAudience, PlatformFlag } from "@podium/kernel"
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { auditSubject } from "../platform/audit-subject.js"
import { Transactor } from "../platform/transactor.port.js"
import {
  canonicalFlag,
  CanonicalFlagNotFound,
  CanonicalFlags,
  ConfigurationInvalid,
  FeatureFlagNotFound,
  type FlagKind,
  inAudience,
  inRollout
} from "./flags.model.js"
import { type FeatureFlagPatch, FeatureFlagRepo, FlagPopulation, type PlatformFlagPatch, PlatformFlagRepo } from "./flags.port.js"

const invalid = (...messages: ReadonlyArray<string>) => new ConfigurationInvalid({ messages })

const atomically = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.flatMap(Transactor, (tx) => tx.atomically(effect))

const auditFlag = (principal: Principal, action: string, kind: FlagKind, key: string, data: Record<string, unknown>, reason?: string) =>
  auditSubject(`configuration.${kind}_flag.${action}`, principal, { kind: `${kind}_flag`, id: key }, { data, ...(reason === undefined ? {} : { reason }) })

// ---- feature flags ----

export const listFeatureFlags = Effect.flatMap(FeatureFlagRepo, (r) => r.list)

export const findFeatureFlag = (key: string) =>
  Effect.flatMap(Effect.flatMap(FeatureFlagRepo, (r) => r.find(key)), Option.match({ onNone: () => Effect.fail(new FeatureFlagNotFound({ key })), onSome: Effect.succeed }))

/** PUT /{key}: creates the flag or changes it (an unguarded one; a guarded one answers 409 FLAG_GUARDED). */
export const putFeatureFlag = Effect.fn("configuration.featureFlags.put")(function*(
  principal: Principal,
  key: string,
  input: { readonly enabled: boolean; readonly description?: string | undefined; readonly guarded?: boolean | undefined; readonly expectedVersion?: number | undefined }
) {
  // A flag the catalog marks guarded starts guarded when it is first configured.
  const guarded = input.guarded ?? (canonicalFlag(key)?.guarded === true ? true : undefined)
  return yield* atomically(Effect.gen(function*() {
    const flag = yield* Effect.flatMap(FeatureFlagRepo, (r) =>
      r.change(key, { enabled: input.enabled, description: input.description ?? canonicalFlag(key)?.description, guarded }, {
        by: principal.accountId,
        viaGuard: false,
        expectedVersion: input.expectedVersion,
        upsert: true
      }))
    yield* auditFlag(principal, "put", "feature", key, { enabled: flag.enabled, guarded: flag.guarded, version: flag.version })
    return flag
  }))
})

/** PUT /{key}/audience: replaces who the flag is on for (404 for a flag never configured). */
export const putFeatureFlagAudience = Effect.fn("configuration.featureFlags.audience")(function*(
  principal: Principal,
  key: string,
  input: FlagAudience & { readonly expectedVersion?: number | undefined }
) {
  const audience = checkedAudience(input)
  if ("messages" in audience) return yield* audience
  return yield* atomically(Effect.gen(function*() {
    const flag = yield* Effect.flatMap(FeatureFlagRepo, (r) =>
      r.change(key, { audience }, { by: principal.accountId, viaGuard: false, expectedVersion: input.expectedVersion, upsert: false }))
    yield* auditFlag(principal, "audience", "feature", key, { audience, version: flag.version })
    return flag
  }))
})

const checkedAudience = (input: FlagAudience): FlagAudience | ConfigurationInvalid => {
  const include = [...new Set(input.includeUserIds.map((id) => id.toLowerCase()))]
  const exclude = [...new Set(input.excludeUserIds.map((id) => id.toLowerCase()))]
  const both = include.filter((id) => exclude.includes(id))
  if (both.length > 0) return invalid(`a user cannot be both included and excluded (${both.join(", ")})`)
  return { percentage: input.percentage, includeUserIds: include, excludeUserIds: exclude }
}

/** How many athletes scan in one page of a preview. */
const PreviewPage = 1000
const SampleSize = 10

/**
 * POST /{key}/audience/preview: who the stored audience (or a proposed one) would take in, counted
 * over every athlete with the same bucketing the flag uses, with the first athletes as a sample.
 */
export const previewFeatureFlagAudience = Effect.fn("configuration.featureFlags.preview")(function*(key: string, proposed: Partial<FlagAudience>) {
  const flag = yield* findFeatureFlag(key)
  const merged = checkedAudience({ ...flag.audience, ...proposed })
  if ("messages" in merged) return yield* merged
  const population = yield* FlagPopulation
  let after: string | null = null
  let total = 0
  let eligible = 0
  const sample: Array<{ readonly id: string; readonly name: string | null }> = []
  for (;;) {
    const page: ReadonlyArray<{ readonly id: string; readonly firstName: string | null; readonly lastName: string | null }> = yield* population.page(after, PreviewPage)
    for (const user of page) {
      total++
      if (!inAudience(key, merged, user.id)) continue
      eligible++
      if (sample.length < SampleSize) sample.push({ id: user.id, name: [user.firstName, user.lastName].filter((p) => p !== null && p !== "").join(" ") || null })
    }
    if (page.length < PreviewPage) break
    after = page[page.length - 1]!.id
  }
  return { key, enabled: flag.enabled, audience: merged, totalUsers: total, eligibleUsers: eligible, sample }
})

/** The fields a guarded change carries besides the change itself. */
export interface GuardedConfirmation {
  readonly confirmKey: string
  readonly reason: string
  readonly expectedVersion: number
}

const confirm = (key: string, input: GuardedConfirmation) =>
  input.confirmKey === key ? Effect.void : Effect.fail(invalid("confirmKey must repeat the flag's key exactly"))

/** POST /{key}/guarded: the deliberate change of any flag, guarded or not (key repeated, reason, version read). */
export const guardedFeatureFlagChange = Effect.fn("configuration.featureFlags.guarded")(function*(
  principal: Principal,
  key: string,
  input: GuardedConfirmation & FeatureFlagPatch
) {
  yield* confirm(key, input)
  const audience = input.audience === undefined ? undefined : checkedAudience(input.audience)
  if (audience !== undefined && "messages" in audience) return yield* audience
  if (input.enabled === undefined && input.guarded === undefined && input.audience === undefined && input.description === undefined) {
    return yield* invalid("a guarded change must set at least one of enabled, guarded, audience or description")
  }
  return yield* atomically(Effect.gen(function*() {
    const flag = yield* Effect.flatMap(FeatureFlagRepo, (r) =>
      r.change(key, { enabled: input.enabled, guarded: input.guarded, audience, description: input.description }, {
        by: principal.accountId,
        viaGuard: true,
        expectedVersion: input.expectedVersion,
        upsert: false
      }))
    yield* auditFlag(principal, "guarded_change", "feature", key, { enabled: flag.enabled, guarded: flag.guarded, audience: flag.audience, version: flag.version }, input.reason)
    return flag
  }))
})

// ---- platform flags ----

/** Every platform flag; with a user id, whether each is on for that user (enabled and in its rollout). */
export const listPlatformFlags = (userId?: string) =>
  Effect.map(Effect.flatMap(PlatformFlagRepo, (r) => r.list), (flags) =>
    flags.map((f) => ({ ...f, activeForUser: userId === undefined ? null : isPlatformFlagOn(f, userId) })))

export const isPlatformFlagOn = (flag: PlatformFlag, userId: string) => flag.enabled && inRollout(flag.key, userId, flag.rolloutPercentage)

export const createPlatformFlag = Effect.fn("configuration.platformFlags.create")(function*(
  principal: Principal,
  input: { readonly key: string; readonly description?: string | undefined; readonly enabled?: boolean | undefined; readonly rolloutPercentage?: number | undefined; readonly guarded?: boolean | undefined }
) {
  const known = canonicalFlag(input.key)
  return yield* atomically(Effect.gen(function*() {
    const flag = yield* Effect.flatMap(PlatformFlagRepo, (r) =>
      r.create({
        key: input.key,
        description: input.description ?? known?.description ?? "",
        enabled: input.enabled ?? known?.defaultEnabled ?? false,
        // A new flag reaches nobody until its rollout is raised, unless the caller says otherwise.
        rolloutPercentage: input.rolloutPercentage ?? 0,
        guarded: input.guarded ?? known?.guarded ?? false
      }, principal.accountId))
    yield* auditFlag(principal, "created", "platform", flag.key, { enabled: flag.enabled, rolloutPercentage: flag.rolloutPercentage, guarded: flag.guarded })
    return { ...flag, activeForUser: null }
  }))
})

export const deletePlatformFlag = Effect.fn("configuration.platformFlags.delete")(function*(principal: Principal, key: string) {
  return yield* atomically(Effect.gen(function*() {
    const flag = yield* Effect.flatMap(PlatformFlagRepo, (r) => r.remove(key, { by: principal.accountId, viaGuard: false }))
    yield* auditFlag(principal, "deleted", "platform", key, { version: flag.version })
    return { ...flag, activeForUser: null }
  }))
})

export const setPlatformFlagRollout = Effect.fn("configuration.platformFlags.rollout")(function*(
  principal: Principal,
  key: string,
  input: { readonly rolloutPercentage: number; readonly enabled?: boolean | undefined; readonly expectedVersion?: number | undefined }
) {
  return yield* atomically(Effect.gen(function*() {
    const flag = yield* Effect.flatMap(PlatformFlagRepo, (r) =>
      r.change(key, { rolloutPercentage: input.rolloutPercentage, enabled: input.enabled }, { by: principal.accountId, viaGuard: false, expectedVersion: input.expectedVersion }))
    yield* auditFlag(principal, "rollout", "platform", key, { rolloutPercentage: flag.rolloutPercentage, enabled: flag.enabled, version: flag.version })
    return { ...flag, activeForUser: null }
  }))
})

/** POST /guarded: the deliberate change (or deletion) of one platform flag named in the body. */
export const guardedPlatformFlagChange = Effect.fn("configuration.platformFlags.guarded")(function*(
  principal: Principal,
  input: GuardedConfirmation & PlatformFlagPatch & { readonly key: string; readonly remove?: boolean | undefined }
) {
  yield* confirm(input.key, input)
  const changes = input.enabled !== undefined || input.guarded !== undefined || input.rolloutPercentage !== undefined || input.description !== undefined
  if (input.remove === true && changes) return yield* invalid("remove cannot be combined with other changes")
  if (input.remove !== true && !changes) return yield* invalid("a guarded change must set at least one of enabled, rolloutPercentage, guarded, description or remove")
  const guard = { by: principal.accountId, viaGuard: true, expectedVersion: input.expectedVersion }
  return yield* atomically(Effect.gen(function*() {
    const repo = yield* PlatformFlagRepo
    const flag = input.remove === true
      ? yield* repo.remove(input.key, guard)
      : yield* repo.change(input.key, { enabled: input.enabled, guarded: input.guarded, rolloutPercentage: input.rolloutPercentage, description: input.description }, guard)
    yield* auditFlag(principal, input.remove === true ? "guarded_delete" : "guarded_change", "platform", input.key, {
      enabled: flag.enabled,
      rolloutPercentage: flag.rolloutPercentage,
      guarded: flag.guarded,
      version: flag.version
    }, input.reason)
    return { ...flag, activeForUser: null }
  }))
})

// ---- canonical catalog and inventory ----

export const listCanonicalFlags = Effect.succeed(CanonicalFlags)

export const findCanonicalFlag = (key: string) => {
  const found = canonicalFlag(key)
  return found === undefined ? Effect.fail(new CanonicalFlagNotFound({ key })) : Effect.succeed(found)
}

const configuredFeature = (f: FeatureFlag) => ({ enabled: f.enabled, guarded: f.guarded, audience: f.audience, version: f.version, updatedAt: f.updatedAt })
const configuredPlatform = (f: PlatformFlag) => ({ enabled: f.enabled, guarded: f.guarded, rolloutPercentage: f.rolloutPercentage, version: f.version, updatedAt: f.updatedAt })

const inventoryEntry = (key: string, feature: FeatureFlag | undefined, platform: PlatformFlag | undefined) => {
  const known = canonicalFlag(key)
  const configured = feature !== undefined || platform !== undefined
  return {
    key,
    canonical: known !== undefined,
    kind: known?.kind ?? (platform !== undefined ? "platform" : "feature") as FlagKind,
    owner: known?.owner ?? null,
    description: known?.description ?? feature?.description ?? platform?.description ?? "",
    defaultEnabled: known?.defaultEnabled ?? null,
    // CONFIGURED: known and stored; DEFAULT: known, runs on its default; ORPHAN: stored but no code knows it.
    state: known === undefined ? "ORPHAN" as const : configured ? "CONFIGURED" as const : "DEFAULT" as const,
    effectiveEnabled: feature?.enabled ?? platform?.enabled ?? known?.defaultEnabled ?? false,
    featureFlag: feature === undefined ? null : configuredFeature(feature),
    platformFlag: platform === undefined ? null : configuredPlatform(platform)
  }
}

/** Every key known to the catalog or configured anywhere, with where it is and its state. */
export const flagInventory = Effect.gen(function*() {
  const features = yield* Effect.flatMap(FeatureFlagRepo, (r) => r.list)
  const platforms = yield* Effect.flatMap(PlatformFlagRepo, (r) => r.list)
  const keys = [...new Set([...CanonicalFlags.map((f) => f.key), ...features.map((f) => f.key), ...platforms.map((f) => f.key)])].sort()
  const items = keys.map((key) => inventoryEntry(key, features.find((f) => f.key === key), platforms.find((f) => f.key === key)))
  const count = (state: string) => items.filter((i) => i.state === state).length
  return { items, total: items.length, configured: count("CONFIGURED"), defaults: count("DEFAULT"), orphans: count("ORPHAN") }
})

export const flagInventoryEntry = Effect.fn("configuration.flags.inventoryEntry")(function*(key: string) {
  const feature = Option.getOrUndefined(yield* Effect.flatMap(FeatureFlagRepo, (r) => r.find(key)))
  const platform = Option.getOrUndefined(yield* Effect.flatMap(PlatformFlagRepo, (r) => r.find(key)))
  if (feature === undefined && platform === undefined && canonicalFlag(key) === undefined) return yield* new CanonicalFlagNotFound({ key })
  return inventoryEntry(key, feature, platform)
})

/**
 * POST /mutation-check: whether a proposed change would be accepted as sent, and every reason it
 * would not (or what to know before making it). Reads only; the answer can go stale the moment
 * another admin writes, which is what `expectedVersion` on the real write is for.
 */
export const checkFlagMutation = Effect.fn("configuration.flags.mutationCheck")(function*(input: {
  readonly key: string
  readonly kind: FlagKind
  readonly operation: "update" | "create" | "delete"
  readonly enabled?: boolean | undefined
  readonly rolloutPercentage?: number | undefined
  readonly guarded?: boolean | undefined
  readonly expectedVersion?: number | undefined
}) {
  const blockers: Array<string> = []
  const warnings: Array<string> = []
  const known = canonicalFlag(input.key)
  if (known === undefined) warnings.push("the key is not in the canonical catalog: no code reads it yet")
  else if (known.kind !== input.kind) warnings.push(`the catalog lists this key as a ${known.kind} flag`)
  const current: { readonly guarded: boolean; readonly version: number } | undefined = input.kind === "feature"
    ? Option.getOrUndefined(yield* Effect.flatMap(FeatureFlagRepo, (r) => r.find(input.key)))
    : Option.getOrUndefined(yield* Effect.flatMap(PlatformFlagRepo, (r) => r.find(input.key)))
  if (input.operation === "create") {
    if (input.kind === "feature") blockers.push("feature flags are created by PUT /v2/admin/feature-flags/{key}")
    else if (current !== undefined) blockers.push("a platform flag with this key already exists")
  } else if (current === undefined) {
    // PUT creates a feature flag, so only a platform flag or a delete needs one to exist.
    if (input.kind === "platform" || input.operation === "delete") blockers.push(`no ${input.kind} flag with this key is configured`)
  } else {
    if (input.kind === "feature" && input.operation === "delete") blockers.push("feature flags cannot be deleted; disable them instead")
    if (current.guarded) blockers.push("the flag is guarded: use the guarded route with the key repeated, a reason and the expected version")
    if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) {
      blockers.push(`the flag changed meanwhile: expected version ${input.expectedVersion}, current version ${current.version}`)
    }
  }
  if (input.rolloutPercentage !== undefined && input.kind === "feature") blockers.push("a feature flag's percentage is set through its audience")
  if (input.guarded === false && current?.guarded === true) warnings.push("removing the guard makes later changes unguarded")
  if (input.enabled === false && known?.defaultEnabled === true) warnings.push("the code runs this capability by default: disabling it turns it off for everyone")
  return {
    key: input.key,
    kind: input.kind,
    operation: input.operation,
    allowed: blockers.length === 0,
    requiresGuarded: current?.guarded === true || (current === undefined && known?.guarded === true),
    currentVersion: current?.version ?? null,
    reasons: blockers,
    warnings
  }
})
