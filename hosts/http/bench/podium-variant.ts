/**
 * The Podium HTTP host as bench/run.ts's flatness variants run it (from sources, access log as
 * ACCESS_LOG says), composed like hosts/http/src/main.ts but with `BENCH_VARIANT`:
 *   all      every area's routes (the production composition)
 *   one      the routes of one context only (platform health + identity/accounts), same infrastructure
 *   padded   every area's routes plus 1000 extra services in the host's context, standing in for the
 *            operations still to come (a per-request cost that grows with the context shows here)
 */
import { HttpLayerRouter } from "@effect/platform"
import { IdentityApi } from "@podium/contracts/identity"
import { PlatformApi } from "@podium/contracts/platform"
import { infrastructureLayer, loadAppConfig, parseLogLevel, runHost } from "@podium/host-common"
import { makeLifecycle } from "../src/lifecycle.js"
import { httpServerLayer } from "../src/server.js"
import { Context, Effect, Layer, LogLevel } from "effect"
import { AdminAccountsHandlers } from "../src/accounts/admin-accounts.handlers.js"
import { AdminPermissionsHandlers } from "../src/accounts/admin-permissions.handlers.js"
import { AdminsHandlers } from "../src/accounts/admins.handlers.js"
import { AdminTotpHandlers } from "../src/identity/admin-totp.handlers.js"
import { AuthHandlers } from "../src/identity/auth.handlers.js"
import { AuthGuardsLive } from "../src/identity/auth.middleware.js"
import { CrewAuthHandlers } from "../src/identity/crew-auth.handlers.js"
import { IdentitiesHandlers } from "../src/identity/identities.handlers.js"
import { IdentityProvidersHandlers } from "../src/identity/identity-providers.handlers.js"
import { ImpersonationHandlers } from "../src/identity/impersonation.handlers.js"
import { OrganizerSignInHandlers } from "../src/identity/organizer-sign-in.handlers.js"
import { PasskeysHandlers } from "../src/identity/passkeys.handlers.js"
import { SessionsHandlers } from "../src/identity/sessions.handlers.js"
import { StepUpHandlers } from "../src/identity/step-up.handlers.js"
import { TotpHandlers } from "../src/identity/totp.handlers.js"
import { AuditLogHandlers } from "../src/platform/audit-log.handlers.js"
import { HealthHandlers } from "../src/platform/health.handlers.js"
import { IntegrationsHandlers } from "../src/platform/integrations.handlers.js"
import { MemoryHandlers } from "../src/platform/memory.handlers.js"
import { ObservabilityHandlers, PlatformHealthHandlers, PublicObservabilityHandlers } from "../src/platform/observability.handlers.js"
import { RateLimitsHandlers } from "../src/platform/rate-limits.handlers.js"
import { RiskRegisterHandlers } from "../src/platform/risk-register.handlers.js"
import { SchedulerHandlers } from "../src/platform/scheduler.handlers.js"
import { SearchHandlers } from "../src/platform/search.handlers.js"

const variant = process.env.BENCH_VARIANT ?? "all"

const OneContextRoutes = Layer.mergeAll(
  HttpLayerRouter.addHttpApi(PlatformApi).pipe(
    Layer.provide([HealthHandlers, MemoryHandlers, AuditLogHandlers, SchedulerHandlers, ObservabilityHandlers, PublicObservabilityHandlers, PlatformHealthHandlers, RateLimitsHandlers, RiskRegisterHandlers, SearchHandlers, IntegrationsHandlers]),
    Layer.provide(AuthGuardsLive)
  ),
  HttpLayerRouter.addHttpApi(IdentityApi).pipe(
    Layer.provide([AuthHandlers, SessionsHandlers, CrewAuthHandlers, AdminsHandlers, OrganizerSignInHandlers, IdentityProvidersHandlers, IdentitiesHandlers, AdminAccountsHandlers, AdminPermissionsHandlers, ImpersonationHandlers, TotpHandlers, PasskeysHandlers, StepUpHandlers, AdminTotpHandlers]),
    Layer.provide(AuthGuardsLive)
  )
)

/** 1000 services nobody reads, added to the host's context. */
const Padding = Layer.succeedContext(
  Array.from({ length: 1000 }, (_, i) => Context.GenericTag<string, number>(`bench/padding/${i}`)).reduce(
    (context, tag, i) => Context.add(context, tag, i),
    Context.empty() as Context.Context<string>
  ) as Context.Context<never>
)

const lifecycle = makeLifecycle()

runHost("podium-bench-variant", Effect.gen(function*() {
  const config = yield* loadAppConfig
  const infra = variant === "padded" ? Layer.merge(infrastructureLayer(config), Padding) : infrastructureLayer(config)
  const server = httpServerLayer(infra, {
    port: config.port,
    host: config.host,
    lifecycle,
    accessLog: process.env.ACCESS_LOG !== "false" && LogLevel.lessThanEqual(parseLogLevel(process.env.LOG_LEVEL), LogLevel.Info),
    ...(variant === "one" ? { routes: OneContextRoutes } : {})
  })
  yield* Layer.launch(server)
}), { onSignal: () => Promise.resolve() })
