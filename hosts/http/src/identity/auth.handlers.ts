/** Handlers of the Authentication group: thin translations to the identity use cases. */
import { HttpApiBuilder, type HttpApiGroup, HttpApiSecurity, HttpServerRequest } from "@effect/platform"
import { CurrentPrincipal, Unauthorized, WebSessionCookie } from "@podium/contracts/common"
import { IdentityApi } from "@podium/contracts/identity"
import { Identity, Platform } from "@podium/core"
import { AppConfig } from "@podium/host-common"
import { Effect, Option, Layer } from "effect"
import { type IdentityHandlerServices, requestAccessToken } from "./auth.middleware.js"
import { bearerOf, clientInfo } from "./client.js"
import { withRetryAfter } from "./retry-after.answers.js"
import { signInOutcomeAnswer, signInOutcomeAnswerWithEmail } from "./sign-in-outcome.answers.js"
import { apiGroup } from "../serving/served-groups.js"

const SentMessage = "OTP sent successfully"
const nestedSent = { statusCode: 201, message: SentMessage, data: { flash: true, message: SentMessage } }

/** Kinds of account whose refresh tokens /v2/auth/refresh-tokens accepts (crew use their own route). */
const NonCrewKinds: ReadonlyArray<Identity.AccountKind> = ["user", "organizer", "admin", "sponsor"]

const cookieSecurity = HttpApiSecurity.apiKey({ in: "cookie", key: WebSessionCookie })

/** Existence checks are an enumeration oracle, so each client address gets a modest budget. */
const checkBudget = Effect.gen(function*() {
  const { ip } = yield* clientInfo
  const limiter = yield* Platform.RateLimiter
  const decision = yield* limiter.hit(`identity:exists-check:${ip ?? "unknown"}`, { limit: 30, window: "1 minute" })
  if (!decision.allowed) {
    yield* Effect.fail(new Identity.OtpThrottled({ retryAfterMs: decision.retryAfterMs, message: "Too many checks; try again later" }))
  }
})

export const signInAnswer = (signedIn: {
  readonly profile: Identity.AccountProfile
  readonly accessToken: string
  readonly refreshToken: string
}) => ({
  id: signedIn.profile.id,
  phoneNumber: signedIn.profile.phoneNumber,
  createdAt: signedIn.profile.createdAt,
  updatedAt: signedIn.profile.updatedAt,
  accessToken: signedIn.accessToken,
  refreshToken: signedIn.refreshToken,
  message: "Login successful"
})

export const refreshWith = (authorization: string | undefined, kinds: ReadonlyArray<Identity.AccountKind>) =>
  Effect.gen(function*() {
    const refreshToken = bearerOf(authorization)
    if (refreshToken === undefined) return yield* new Unauthorized({ message: "Unauthorized" })
    return yield* Identity.refreshSession({ refreshToken, kinds })
  })

export const logoutAnswer = { generatedMaps: [], raw: [], affected: 1 }

export const AuthHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "auth">, never, IdentityHandlerServices> = apiGroup(IdentityApi, "auth", (handlers) =>
  handlers
    .handle("sendOtp", ({ payload }) =>
      Effect.gen(function*() {
        const { ip } = yield* clientInfo
        yield* Identity.sendPhoneOtp({ phoneNumber: payload.phoneNumber, audience: "user", ip })
        return nestedSent
      }).pipe(withRetryAfter))
    .handle("verifyOtp", ({ payload }) =>
      Effect.gen(function*() {
        const client = yield* clientInfo
        return signInOutcomeAnswer(yield* Identity.signInWithPhoneOtp({ ...payload, ...client }))
      }))
    .handle("emailSendOtp", ({ payload }) =>
      Effect.gen(function*() {
        const { ip } = yield* clientInfo
        yield* Identity.sendEmailOtp({ email: payload.email, role: payload.role ?? "user", ip })
        return { flash: true, message: SentMessage }
      }).pipe(withRetryAfter))
    .handle("emailVerifyOtp", ({ payload }) =>
      Effect.gen(function*() {
        const client = yield* clientInfo
        const outcome = yield* Identity.signInWithEmailOtp({ email: payload.email, otp: payload.otp, role: payload.role ?? "user", ...client })
        return signInOutcomeAnswerWithEmail(outcome)
      }))
    .handle("refreshTokens", ({ headers }) => refreshWith(headers.authorization, NonCrewKinds))
    .handle("logout", () =>
      Effect.gen(function*() {
        yield* Identity.endSession(yield* CurrentPrincipal)
        return logoutAnswer
      }))
    .handle("verifyToken", () =>
      Effect.gen(function*() {
        const principal = yield* CurrentPrincipal
        const profile = yield* Identity.describeAccount(principal)
        if (Option.isNone(profile)) return yield* new Unauthorized({ message: "Unauthorized" })
        const { kind: _kind, ...data } = profile.value
        return { message: "Token is valid", isValid: true, role: principal.role, data }
      }))
    .handle("checkPhoneNumber", ({ urlParams }) =>
      Effect.gen(function*() {
        yield* checkBudget
        return { exists: yield* Identity.phoneNumberExists(urlParams.phoneNumber) }
      }).pipe(withRetryAfter))
    .handle("checkEmail", ({ urlParams }) =>
      Effect.gen(function*() {
        yield* checkBudget
        return { exists: yield* Identity.emailExists(urlParams.email) }
      }).pipe(withRetryAfter))
    .handle("bindPhone", ({ payload }) =>
      Effect.gen(function*() {
        const principal = yield* CurrentPrincipal
        const { kind: _kind, ...account } = yield* Identity.bindPhone({ principal, ...payload })
        return account
      }))
    .handle("webSession", () =>
      Effect.gen(function*() {
        const config = yield* AppConfig
        const token = yield* requestAccessToken(undefined).pipe(
          Effect.zipWith(HttpServerRequest.HttpServerRequest, (cookie, request) => bearerOf(request.headers.authorization) ?? cookie)
        )
        const claims = yield* Effect.flatMap(Identity.AccessTokens, (tokens) => tokens.verify(token))
        const maxAge = Math.max(0, claims.exp - Math.floor(Date.now() / 1000))
        yield* HttpApiBuilder.securitySetCookie(cookieSecurity, token, {
          httpOnly: true,
          secure: config.appEnv !== "development",
          sameSite: "lax",
          path: "/",
          maxAge: `${maxAge} seconds`
        })
        return { message: "Web session established", expiresAt: new Date(claims.exp * 1000) }
      }))
    .handle("webLogout", () =>
      Effect.gen(function*() {
        const config = yield* AppConfig
        const principal = yield* Effect.serviceOption(CurrentPrincipal)
        if (Option.isSome(principal)) yield* Identity.endSession(principal.value)
        yield* HttpApiBuilder.securitySetCookie(cookieSecurity, "", {
          httpOnly: true,
          secure: config.appEnv !== "development",
          sameSite: "lax",
          path: "/",
          maxAge: 0,
          expires: new Date(0)
        })
      }))
)
