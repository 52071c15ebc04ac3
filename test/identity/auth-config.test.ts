/** The identity settings of the configuration: test codes and the lifetime override are refused in production. */
import { appConfigFrom, describeConfigError } from "@podium/host-common"
import { Effect, Either, Option } from "effect"
import { describe, expect, it } from "vitest"

const secrets = { JWT_SECRET: "j", HASH_SECRET: "h", ENCRYPTION_KEY: "e", OPS_TOKEN: "o", DATA_DIR: "/tmp/podium-config-test" }
const load = (env: Record<string, string>) => Effect.runPromise(Effect.either(appConfigFrom({ ...secrets, ...env })))

describe("identity configuration", () => {
  it("parses AUTH_TEST_OTPS, normalising phone numbers and e-mail addresses", async () => {
    const config = await load({ APP_ENV: "test", AUTH_TEST_OTPS: "+91 98765 43210=123456, Dev@Example.com=1234" })
    expect(Either.isRight(config) && [...config.right.authTestOtps]).toEqual([["+919876543210", "123456"], ["dev@example.com", "1234"]])
  })

  it("refuses AUTH_TEST_OTPS and AUTH_OTP_TTL_SECONDS in production, and malformed values anywhere", async () => {
    for (const env of [
      { APP_ENV: "production", AUTH_TEST_OTPS: "+919876543210=123456" },
      { APP_ENV: "production", AUTH_OTP_TTL_SECONDS: "1" },
      { APP_ENV: "test", AUTH_TEST_OTPS: "+919876543210" },
      { APP_ENV: "test", AUTH_TEST_OTPS: "12=123456" }
    ]) {
      const config = await load(env)
      expect(Either.isLeft(config)).toBe(true)
      if (Either.isLeft(config)) expect(describeConfigError(config.left)).toMatch(/AUTH_TEST_OTPS|AUTH_OTP_TTL_SECONDS/)
    }
  })

  it("reads ADMIN_BOOTSTRAP_TOKEN as a redacted option", async () => {
    const on = await load({ APP_ENV: "test", ADMIN_BOOTSTRAP_TOKEN: "t" })
    expect(Either.isRight(on) && Option.isSome(on.right.adminBootstrapToken)).toBe(true)
    const off = await load({ APP_ENV: "test" })
    expect(Either.isRight(off) && Option.isNone(off.right.adminBootstrapToken)).toBe(true)
  })
})
