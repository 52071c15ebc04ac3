/**
 * App version policies (B "App versions") and the athletes' version check (C, A: "fails open").
 * Admins with `platform.configure` set each platform's minimum (below it the app must update) and
 * latest (below it the app is told an update exists); the impact read counts the athletes whose
 * last-seen version a proposed minimum would force to update. The last-seen versions are recorded
 * by the version check itself when a signed-in athlete calls it (the app calls it at every start),
 * so the impact is computed from real installs, not guessed.
 */
import type { AppPlatform } from "@podium/kernel"
import { Effect } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { auditSubject } from "../platform/audit-subject.js"
import { Transactor } from "../platform/transactor.port.js"
import { compareSemVer, parseSemVer, updateDecision } from "./app-versions.model.js"
import { AppInstallRepo, AppVersionPolicyRepo } from "./app-versions.port.js"
import { ConfigurationInvalid } from "./flags.model.js"

const SemVerText = "must be a semantic version (MAJOR.MINOR.PATCH)"

export const listAppVersionPolicies = Effect.flatMap(AppVersionPolicyRepo, (r) => r.list)

/**
 * PATCH /{platform}: the new minimum and latest are checked against each other as merged with the
 * stored ones, under the policy's row lock, so two concurrent edits cannot together leave a
 * minimum above the latest.
 */
export const updateAppVersionPolicy = Effect.fn("configuration.appVersions.update")(function*(
  principal: Principal,
  platform: AppPlatform,
  input: { readonly minimumVersion?: string | undefined; readonly latestVersion?: string | undefined; readonly storeUrl?: string | null | undefined; readonly message?: string | null | undefined }
) {
  const messages: Array<string> = []
  if (input.minimumVersion !== undefined && parseSemVer(input.minimumVersion) === undefined) messages.push(`minimumVersion ${SemVerText}`)
  if (input.latestVersion !== undefined && parseSemVer(input.latestVersion) === undefined) messages.push(`latestVersion ${SemVerText}`)
  if (input.storeUrl != null && !/^https:\/\/\S+$/.test(input.storeUrl)) messages.push("storeUrl must be an https URL")
  if (messages.length > 0) return yield* new ConfigurationInvalid({ messages })
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const repo = yield* AppVersionPolicyRepo
    const current = yield* repo.lock(platform)
    const next = {
      minimumVersion: input.minimumVersion?.trim() ?? current.minimumVersion,
      latestVersion: input.latestVersion?.trim() ?? current.latestVersion,
      storeUrl: input.storeUrl === undefined ? current.storeUrl : input.storeUrl,
      message: input.message === undefined ? current.message : input.message
    }
    if (compareSemVer(parseSemVer(next.minimumVersion)!, parseSemVer(next.latestVersion)!) > 0) {
      return yield* new ConfigurationInvalid({ messages: [`minimumVersion ${next.minimumVersion} must not be above latestVersion ${next.latestVersion}`] })
    }
    const saved = yield* repo.save(platform, next, principal.accountId)
    yield* auditSubject("configuration.app_version_policy.updated", principal, { kind: "app_version_policy", id: platform }, {
      data: { from: { minimumVersion: current.minimumVersion, latestVersion: current.latestVersion }, to: { minimumVersion: saved.minimumVersion, latestVersion: saved.latestVersion }, version: saved.version }
    })
    return saved
  }))
})

/** GET /{platform}/impact: how many athletes (by last-seen version) a proposed minimum would force to update. */
export const appVersionImpact = Effect.fn("configuration.appVersions.impact")(function*(platform: AppPlatform, proposed: string) {
  const minimum = parseSemVer(proposed)
  if (minimum === undefined) return yield* new ConfigurationInvalid({ messages: [`minimumVersion ${SemVerText}`] })
  const policy = yield* Effect.flatMap(AppVersionPolicyRepo, (r) => r.find(platform))
  const versions = yield* Effect.flatMap(AppInstallRepo, (r) => r.versions(platform))
  const byVersion = versions.map((v) => {
    const parsed = parseSemVer(v.version)
    // A version the app reported that is not semantic cannot be compared: reported, never counted as forced.
    return { version: v.version, users: v.users, comparable: parsed !== undefined, forced: parsed !== undefined && compareSemVer(parsed, minimum) < 0 }
  }).sort((a, b) => {
    const x = parseSemVer(a.version)
    const y = parseSemVer(b.version)
    return x === undefined || y === undefined ? (x === undefined ? 1 : -1) : compareSemVer(x, y)
  })
  const usersRecorded = byVersion.reduce((n, v) => n + v.users, 0)
  const usersForced = byVersion.filter((v) => v.forced).reduce((n, v) => n + v.users, 0)
  return {
    platform,
    proposedMinimumVersion: proposed,
    currentMinimumVersion: policy.minimumVersion,
    latestVersion: policy.latestVersion,
    aboveLatest: compareSemVer(minimum, parseSemVer(policy.latestVersion)!) > 0,
    usersRecorded,
    usersForced,
    forcedPercent: usersRecorded === 0 ? 0 : Math.round((usersForced / usersRecorded) * 1000) / 10,
    byVersion
  }
})

/**
 * GET /v2/app/version-check: force, soft or none for the app's version. It fails open (A): a version
 * that cannot be read, or a policy that cannot be read, answers `none`, because locking every
 * athlete out of the app is worse than letting an old build through for a while. A signed-in
 * athlete's version is remembered for the impact read (best effort: a failed write answers all the same).
 */
export const checkAppVersion = Effect.fn("configuration.appVersions.check")(function*(principal: Principal | undefined, platform: AppPlatform, version: string) {
  const parsed = parseSemVer(version)
  if (principal !== undefined && principal.accountKind === "user" && principal.impersonatorId === undefined && version.length <= 64) {
    yield* Effect.flatMap(AppInstallRepo, (r) => r.record(principal.accountId, platform, version.trim())).pipe(Effect.catchAllCause(() => Effect.void))
  }
  const policy = yield* Effect.flatMap(AppVersionPolicyRepo, (r) => r.find(platform)).pipe(Effect.option, Effect.catchAllCause(() => Effect.succeed({ _tag: "None" } as const)))
  if (policy._tag === "None" || parsed === undefined) {
    return { platform, version, update: "none" as const, minimumVersion: null, latestVersion: null, storeUrl: null, message: null }
  }
  const p = policy.value
  const update = updateDecision(parsed, parseSemVer(p.minimumVersion)!, parseSemVer(p.latestVersion)!)
  return { platform, version, update, minimumVersion: p.minimumVersion, latestVersion: p.latestVersion, storeUrl: p.storeUrl, message: update === "none" ? null : p.message }
})
