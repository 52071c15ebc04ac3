/**
 * Step-up through the real host: a fresh phone OTP, a TOTP code or a passkey assertion marks the
 * CURRENT session stepped-up for 5 minutes; a test-only route declared `StepUp` (mounted behind
 * the real auth middleware) answers 403 STEP_UP_REQUIRED before, whatever the body, and lets the
 * call through after, for that session only; its OpenAPI description says so.
 */
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup, HttpLayerRouter, OpenApi } from "@effect/platform"
import { Authenticated, CurrentPrincipal, Forbidden, Ok, StepUp, Unauthorized } from "@podium/contracts/common"
import { makeAuthGuardsLive, withAuthorizationDescriptions } from "@podium/http/identity/auth.middleware"
import { Effect, Layer, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { allowResend, bearer, phoneSignIn, signInNewAdmin, signInNewUser } from "../support/sign-in.js"
import { stepNow, totpCode } from "../support/totp.js"
import { SoftwareAuthenticator } from "../support/webauthn-authenticator.js"

// A sensitive operation stand-in: behind Authenticated, declared StepUp; its body is required, so
// a refusal before decoding shows as a 403 even without one.
class SensitiveGroup extends HttpApiGroup.make("sensitive")
  .add(
    HttpApiEndpoint.post("withdraw", "/test/sensitive")
      .setPayload(Schema.Struct({ amount: Schema.Number }))
      .addSuccess(Ok(Schema.Struct({ steppedUpUntil: Schema.Number })))
  )
  .middleware(Authenticated)
  .annotate(StepUp, true)
  .addError(Unauthorized.wire)
  .addError(Forbidden.wire)
{}
class SensitiveApi extends HttpApi.make("sensitive").add(SensitiveGroup) {}
const SensitiveHandlers = HttpApiBuilder.group(SensitiveApi, "sensitive", (h) =>
  h.handle("withdraw", () => Effect.map(CurrentPrincipal, (principal) => ({ steppedUpUntil: principal.steppedUpUntil ?? 0 }))))

const Origin = "http://localhost:5173"
let host: RealHost
beforeAll(async () => {
  host = await startRealHost(import.meta.url, { WEBAUTHN_ORIGIN: Origin }, {
    extraRoutes: (context) =>
      HttpLayerRouter.addHttpApi(SensitiveApi).pipe(
        Layer.provide(SensitiveHandlers),
        Layer.provide(makeAuthGuardsLive([SensitiveApi])),
        Layer.provide(Layer.succeedContext(context))
      )
  })
})
afterAll(async () => {
  await host?.close()
})

const post = (path: string, body?: unknown, token?: string) => host.http.request("POST", path, body, token === undefined ? {} : bearer(token))
const sensitive = (token: string) => post("/test/sensitive", { amount: 100 }, token)

describe("step-up", () => {
  it("is documented in the operation's OpenAPI description, after its requirement", () => {
    const spec = OpenApi.fromApi(withAuthorizationDescriptions(SensitiveApi))
    expect(spec.paths["/test/sensitive"]?.post?.description).toBe(
      "Authorization: bearer token of any signed-in principal. The session must have been stepped up within the last 5 minutes " +
        "(POST /v2/auth/step-up/verify), else 403 STEP_UP_REQUIRED."
    )
  })

  it("a fresh phone OTP steps up the current session only; the guard answers 403 STEP_UP_REQUIRED before", async () => {
    const me = await signInNewUser(host)
    await allowResend(host, me.phoneNumber)
    const other = (await phoneSignIn(host, me.phoneNumber)).body.data.accessToken as string

    const before = await sensitive(me.accessToken)
    expect(before.status).toBe(403)
    expect(before.body).toMatchObject({ statusText: "FORBIDDEN", code: "STEP_UP_REQUIRED", data: null })
    // Declared on the route: refused before the body is read.
    expect((await post("/test/sensitive", undefined, me.accessToken)).body.code).toBe("STEP_UP_REQUIRED")
    expect((await post("/test/sensitive", undefined)).status).toBe(401)

    await allowResend(host, me.phoneNumber)
    await post("/v2/auth/send-otp", { phoneNumber: me.phoneNumber })
    const wrong = await post("/v2/auth/step-up/verify", { otp: "000000" === host.lastCode(me.phoneNumber) ? "111111" : "000000" }, me.accessToken)
    expect(wrong.status).toBe(401)
    const stepped = await post("/v2/auth/step-up/verify", { otp: host.lastCode(me.phoneNumber) }, me.accessToken)
    expect(stepped.status).toBe(200)
    expect(stepped.body.data).toMatchObject({ message: "Session stepped up", method: "otp" })
    const until = Date.parse(stepped.body.data.steppedUpUntil)
    expect(until - Date.now()).toBeGreaterThan(4 * 60 * 1000)
    expect(until - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000)

    const after = await sensitive(me.accessToken)
    expect(after.status).toBe(200)
    expect(after.body.data.steppedUpUntil).toBe(until)
    // Another session of the same account is not stepped-up.
    expect((await sensitive(other)).body.code).toBe("STEP_UP_REQUIRED")
    // The code was consumed.
    expect((await post("/v2/auth/step-up/verify", { otp: host.lastCode(me.phoneNumber) }, other)).status).toBe(401)
  })

  it("a TOTP code steps up (once per code); a recovery code does not", async () => {
    const me = await signInNewUser(host)
    const { secret, recoveryCodes } = (await post("/v2/auth/totp/enroll", {}, me.accessToken)).body.data
    await post("/v2/auth/totp/confirm", { code: totpCode(secret, stepNow() - 1) }, me.accessToken)
    // The session that enrolled is the one stepping up.
    expect((await post("/v2/auth/step-up/verify", { code: recoveryCodes[0] }, me.accessToken)).status).toBe(400)
    const code = totpCode(secret)
    const stepped = await post("/v2/auth/step-up/verify", { code }, me.accessToken)
    expect(stepped.status).toBe(200)
    expect(stepped.body.data.method).toBe("totp")
    expect((await sensitive(me.accessToken)).status).toBe(200)
    const replay = await post("/v2/auth/step-up/verify", { code }, me.accessToken)
    expect(replay.status).toBe(401)
    expect(replay.body.code).toBe("TOTP_CODE_INVALID")

    const noTotp = await signInNewUser(host)
    const unavailable = await post("/v2/auth/step-up/verify", { code: "123456" }, noTotp.accessToken)
    expect(unavailable.status).toBe(409)
    expect(unavailable.body.code).toBe("STEP_UP_METHOD_UNAVAILABLE")
  })

  it("a passkey assertion steps up, through step-up/verify or passkey/authenticate/verify with the bearer", async () => {
    const me = await signInNewUser(host)
    const device = new SoftwareAuthenticator(Origin)
    const creation = await post("/v2/auth/passkey/register/options", undefined, me.accessToken)
    expect((await post("/v2/auth/passkey/register/verify", { response: device.register(creation.body.data) }, me.accessToken)).status).toBe(200)

    const request = await post("/v2/auth/passkey/authenticate/options", undefined, me.accessToken)
    expect(request.body.data.allowCredentials).toHaveLength(1)
    expect((await sensitive(me.accessToken)).status).toBe(403)
    const stepped = await post("/v2/auth/step-up/verify", { passkey: device.assert(request.body.data) }, me.accessToken)
    expect(stepped.status).toBe(200)
    expect(stepped.body.data.method).toBe("passkey")
    expect((await sensitive(me.accessToken)).status).toBe(200)

    // The other path: authenticate/verify with the bearer is a step-up, not a sign-in.
    const second = await signInNewUser(host)
    const secondDevice = new SoftwareAuthenticator(Origin)
    const opts = await post("/v2/auth/passkey/register/options", undefined, second.accessToken)
    await post("/v2/auth/passkey/register/verify", { response: secondDevice.register(opts.body.data) }, second.accessToken)
    const req = await post("/v2/auth/passkey/authenticate/options", undefined, second.accessToken)
    const viaPasskey = await post("/v2/auth/passkey/authenticate/verify", { response: secondDevice.assert(req.body.data) }, second.accessToken)
    expect(viaPasskey.status).toBe(200)
    expect(viaPasskey.body.data).toMatchObject({ method: "passkey", steppedUpUntil: expect.any(String) })
    expect(viaPasskey.body.data.accessToken).toBeUndefined()
    expect((await sensitive(second.accessToken)).status).toBe(200)

    // A step-up challenge is bound to its session: a sign-in challenge cannot be used, nor another account's key.
    const signInChallenge = await post("/v2/auth/passkey/authenticate/options")
    const misuse = await post("/v2/auth/step-up/verify", { passkey: device.assert(signInChallenge.body.data) }, me.accessToken)
    expect(misuse.status).toBe(401)
    const forSecond = await post("/v2/auth/passkey/authenticate/options", undefined, second.accessToken)
    const foreignKey = await post("/v2/auth/step-up/verify", { passkey: device.assert({ ...forSecond.body.data, allowCredentials: [] }) }, second.accessToken)
    expect(foreignKey.status).toBe(401)
    // No passkey registered: the method is unavailable.
    const bare = await signInNewUser(host)
    expect((await post("/v2/auth/passkey/authenticate/options", undefined, bare.accessToken)).body.code).toBe("STEP_UP_METHOD_UNAVAILABLE")
  })

  it("needs exactly one method and a bearer", async () => {
    const me = await signInNewUser(host)
    const none = await post("/v2/auth/step-up/verify", {}, me.accessToken)
    expect(none.status).toBe(400)
    expect(none.body.message).toBe("Provide exactly one of otp, code or passkey")
    const two = await post("/v2/auth/step-up/verify", { otp: "123456", code: "123456" }, me.accessToken)
    expect(two.status).toBe(400)
    const invalid = await post("/v2/auth/step-up/verify", { code: "12" }, me.accessToken)
    expect(invalid.body.message).toEqual(["code must be a 6-digit code"])
    expect((await post("/v2/auth/step-up/verify", { otp: "123456" })).status).toBe(401)
    expect((await post("/test/sensitive")).status).toBe(401)
  })

  it("an impersonated session can neither step up nor change the user's second factors", async () => {
    const user = await signInNewUser(host)
    const admin = await signInNewAdmin(host)
    const started = await host.http.request("POST", `/v2/admin/users/${user.id}/impersonate`, { reason: "Support ticket #5120: check security settings" }, {
      ...bearer(admin.accessToken),
      "x-correlation-id": "corr-step-up-impersonation"
    })
    expect(started.status).toBe(201)
    const token = started.body.data.accessToken as string
    const refused = await post("/v2/auth/step-up/verify", { code: "123456" }, token)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe("STEP_UP_NOT_ALLOWED")
    expect((await post("/v2/auth/totp/enroll", {}, token)).body.code).toBe("IMPERSONATION_FORBIDDEN")
    expect((await post("/v2/auth/passkey/register/options", undefined, token)).body.code).toBe("IMPERSONATION_FORBIDDEN")
    expect((await sensitive(token)).body.code).toBe("STEP_UP_REQUIRED")
  })
})
