/**
 * One-time codes: the policy of each kind (digits, lifetime, attempts, throttles) and the settings a
 * host supplies (fixed test codes, a lifetime override for tests). Codes are stored only as keyed
 * hashes in the TtlCache and compared in constant time (see otp.use-case.ts).
 */
import { Context } from "effect"

/** The kinds of one-time code: phone (6 digits, spec), e-mail and crew codes (4 digits, spec). */
export const OtpKinds = ["phone", "email", "crew-phone", "crew-email"] as const
export type OtpKind = (typeof OtpKinds)[number]

export interface OtpPolicy {
  readonly channel: "SMS" | "EMAIL"
  readonly digits: number
  readonly lifetimeSeconds: number
  /** Wrong attempts after which the code is void. */
  readonly maxAttempts: number
  /** One send per identifier per this many seconds. */
  readonly resendCooldownSeconds: number
  /** Sends per identifier per day. */
  readonly dailyCapPerIdentifier: number
  /** Sends per client IP per hour, and per day. */
  readonly hourlyCapPerIp: number
  readonly dailyCapPerIp: number
}

/**
 * The spec fixes 6 digits for phone codes and 4 for e-mail and crew codes; the short ones get a
 * 10-minute lifetime and the same 3-attempt cap so guessing stays at 3 in 10 000 per send, and the
 * per-identifier daily cap bounds guesses per day.
 */
export const DefaultOtpPolicies: Readonly<Record<OtpKind, OtpPolicy>> = {
  phone: { channel: "SMS", digits: 6, lifetimeSeconds: 300, maxAttempts: 3, resendCooldownSeconds: 60, dailyCapPerIdentifier: 10, hourlyCapPerIp: 30, dailyCapPerIp: 200 },
  email: { channel: "EMAIL", digits: 4, lifetimeSeconds: 600, maxAttempts: 3, resendCooldownSeconds: 60, dailyCapPerIdentifier: 10, hourlyCapPerIp: 30, dailyCapPerIp: 200 },
  "crew-phone": { channel: "SMS", digits: 4, lifetimeSeconds: 600, maxAttempts: 3, resendCooldownSeconds: 60, dailyCapPerIdentifier: 10, hourlyCapPerIp: 30, dailyCapPerIp: 200 },
  "crew-email": { channel: "EMAIL", digits: 4, lifetimeSeconds: 600, maxAttempts: 3, resendCooldownSeconds: 60, dailyCapPerIdentifier: 10, hourlyCapPerIp: 30, dailyCapPerIp: 200 }
}

export interface OtpSettingsShape {
  readonly policies: Readonly<Record<OtpKind, OtpPolicy>>
  /**
   * AUTH_TEST_OTPS: identifier (E.164 phone or lower-case e-mail) → fixed code. Those identifiers get
   * that code and nothing is sent; every other rule applies unchanged. Hosts refuse it in production.
   */
  readonly testCodes: ReadonlyMap<string, string>
  /** AUTH_OTP_TTL_SECONDS: replaces every kind's lifetime (tests of expiry); refused in production. */
  readonly lifetimeOverrideSeconds?: number
}

/** The OTP settings in force; defaults to the spec's policies with no test codes. */
export class OtpSettings extends Context.Reference<OtpSettings>()("@podium/core/identity/OtpSettings", {
  defaultValue: (): OtpSettingsShape => ({ policies: DefaultOtpPolicies, testCodes: new Map() })
}) {}

/** The effective policy of `kind` under `settings`. */
export const policyOf = (settings: OtpSettingsShape, kind: OtpKind): OtpPolicy => {
  const base = settings.policies[kind]
  return settings.lifetimeOverrideSeconds === undefined ? base : { ...base, lifetimeSeconds: settings.lifetimeOverrideSeconds }
}

/** Parses `identifier=code,identifier=code` (AUTH_TEST_OTPS); identifiers as given, trimmed. */
export const parseTestOtps = (text: string): Map<string, string> | string => {
  const codes = new Map<string, string>()
  for (const part of text.split(",").map((p) => p.trim()).filter((p) => p !== "")) {
    const [identifier, code, ...rest] = part.split("=").map((s) => s.trim())
    if (identifier === undefined || identifier === "" || code === undefined || rest.length > 0 || !/^\d{4,8}$/.test(code)) {
      return `expected identifier=code pairs (code of 4 to 8 digits), got "${part}"`
    }
    codes.set(identifier.includes("@") ? identifier.toLowerCase() : identifier, code)
  }
  return codes
}
