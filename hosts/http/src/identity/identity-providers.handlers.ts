/** Handlers of the Identity providers group: thin translations to the identity-provider use cases. */
import { type HttpApiGroup, HttpServerResponse } from "@effect/platform"
import { IdentityApi } from "@podium/contracts/identity"
import { Identity } from "@podium/core"
import { AppConfig } from "@podium/host-common"
import { Effect, Option, type Layer } from "effect"
import type { IdentityHandlerServices } from "./auth.middleware.js"
import { clientInfo } from "./client.js"
import { apiGroup } from "../serving/served-groups.js"

/** The wire answer of a provider sign-in: the Verify-OTP result plus e-mail, or the second-factor step. */
export const providerSignInAnswer = (outcome: Identity.SignInOutcome) =>
  Identity.isSecondFactorDue(outcome)
    ? { totpRequired: true as const, secondFactor: outcome.secondFactor, mfaToken: outcome.mfaToken, message: "Second factor required" }
    : {
      id: outcome.profile.id,
      phoneNumber: outcome.profile.phoneNumber,
      email: outcome.profile.email,
      createdAt: outcome.profile.createdAt,
      updatedAt: outcome.profile.updatedAt,
      accessToken: outcome.accessToken,
      refreshToken: outcome.refreshToken,
      message: "Login successful"
    }

/** The names provider B posts once, as JSON in the `user` form field (`{"name":{"firstName","lastName"}}`). */
const namesFromUserField = (user: string | undefined): Identity.GivenNames => {
  if (user === undefined) return {}
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } }
    const pick = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim().slice(0, 100) : undefined)
    const firstName = pick(parsed.name?.firstName)
    const lastName = pick(parsed.name?.lastName)
    return { ...(firstName === undefined ? {} : { firstName }), ...(lastName === undefined ? {} : { lastName }) }
  } catch {
    return {}
  }
}

/** The return URL with one more query parameter. */
const withParam = (url: string, key: string, value: string) => {
  const target = new URL(url)
  target.searchParams.set(key, value)
  return target.toString()
}

/** A redirect that keeps the exchange code out of caches and referrers. */
const redirect = (url: string) =>
  HttpServerResponse.redirect(url, {
    status: 302,
    headers: { "cache-control": "no-store", "referrer-policy": "no-referrer" }
  })

const notConfigured = new Identity.IdentityProviderNotConfigured({ provider: "identity-provider-b", part: "browser flow" })

export const IdentityProvidersHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "identityProviders">, never, IdentityHandlerServices> =
  apiGroup(IdentityApi, "identityProviders", (handlers) =>
    handlers
      .handle("oauthStatus", () =>
        Effect.map(Identity.IdentityProviders, (providers) => ({ providers: providers.status })))
      .handle("loginMethods", ({ urlParams }) =>
        Effect.map(Identity.loginMethods(urlParams.role, urlParams.client), (methods) => ({ role: urlParams.role, client: urlParams.client, methods })))
      .handle("signInProviderA", ({ payload }) =>
        Effect.gen(function*() {
          const client = yield* clientInfo
          const outcome = yield* Identity.signInWithIdToken({
            provider: "identity-provider-a",
            idToken: payload.idToken,
            nonce: payload.nonce,
            role: payload.role ?? "user",
            firstName: payload.firstName,
            lastName: payload.lastName,
            ...client
          })
          return providerSignInAnswer(outcome)
        }))
      .handle("providerBSession", ({ payload }) =>
        Identity.startWebFlow({ provider: "identity-provider-b", role: payload.role ?? "user" }))
      .handle("providerBCallback", ({ payload }) =>
        Effect.gen(function*() {
          const config = yield* AppConfig
          const returnUrl = Option.flatMap(Option.fromNullable(config.identityProviders), (p) => Option.flatMap(p.b, (b) => b.returnUrl))
          if (Option.isNone(returnUrl)) return yield* notConfigured
          // The browser is at the end of this answer, so every outcome is a redirect the web app can show.
          if (payload.error !== undefined) {
            return redirect(withParam(returnUrl.value, "error", /^[a-z_]{1,64}$/.test(payload.error) ? payload.error : "provider_error"))
          }
          if (payload.state === undefined || payload.code === undefined || payload.code === "") {
            return redirect(withParam(returnUrl.value, "error", "invalid_request"))
          }
          const exchangeCode = yield* Identity.acceptWebCallback({
            provider: "identity-provider-b",
            state: payload.state,
            code: payload.code,
            ...namesFromUserField(payload.user)
          })
          return Option.match(exchangeCode, {
            onNone: () => redirect(withParam(returnUrl.value, "error", "invalid_state")),
            onSome: (code) => redirect(withParam(returnUrl.value, "exchangeCode", code))
          })
        }))
      .handle("providerBWebExchange", ({ payload }) =>
        Effect.gen(function*() {
          const client = yield* clientInfo
          const outcome = yield* Identity.exchangeWebCode({ provider: "identity-provider-b", exchangeCode: payload.exchangeCode, ...client })
          return providerSignInAnswer(outcome)
        }))
      .handle("signInProviderB", ({ payload }) =>
        Effect.gen(function*() {
          const client = yield* clientInfo
          const outcome = yield* Identity.signInWithAuthorizationCode({
            provider: "identity-provider-b",
            authorizationCode: payload.authorizationCode,
            flow: "native",
            clientId: payload.clientId,
            nonce: payload.nonce,
            role: payload.role ?? "user",
            firstName: payload.firstName,
            lastName: payload.lastName,
            ...client
          })
          return providerSignInAnswer(outcome)
        }))
  )
