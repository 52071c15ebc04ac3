/** App version policies (B "App versions", A: "a per-platform app version policy (force or soft update, semantic versions)"). */
import { SemVerPattern } from "@podium/kernel"

export interface SemVer {
  readonly major: number
  readonly minor: number
  readonly patch: number
  readonly prerelease: ReadonlyArray<string>
}

/** The version, or undefined when it is not MAJOR.MINOR.PATCH (with an optional -pre-release and +build). */
export const parseSemVer = (text: string): SemVer | undefined => {
  const m = SemVerPattern.exec(text.trim())
  if (m === null) return undefined
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), prerelease: m[4] === undefined ? [] : m[4].split(".") }
}

/** Semantic-version precedence (semver.org §11): -1, 0 or 1; build metadata is ignored. */
export const compareSemVer = (a: SemVer, b: SemVer): number => {
  for (const k of ["major", "minor", "patch"] as const) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1
  // A pre-release sorts before its release.
  if (a.prerelease.length === 0 || b.prerelease.length === 0) return a.prerelease.length === b.prerelease.length ? 0 : a.prerelease.length === 0 ? 1 : -1
  for (let i = 0; i < Math.min(a.prerelease.length, b.prerelease.length); i++) {
    const x = a.prerelease[i]!
    const y = b.prerelease[i]!
    if (x === y) continue
    const xn = /^\d+$/.test(x)
    const yn = /^\d+$/.test(y)
    if (xn && yn) return Number(x) < Number(y) ? -1 : 1
    if (xn !== yn) return xn ? -1 : 1
    return x < y ? -1 : 1
  }
  return a.prerelease.length === b.prerelease.length ? 0 : a.prerelease.length < b.prerelease.length ? -1 : 1
}

export type UpdateDecision = "force" | "soft" | "none"

/** Below the minimum: force; below the latest: soft; otherwise none. */
export const updateDecision = (version: SemVer, minimum: SemVer, latest: SemVer): UpdateDecision =>
  compareSemVer(version, minimum) < 0 ? "force" : compareSemVer(version, latest) < 0 ? "soft" : "none"
