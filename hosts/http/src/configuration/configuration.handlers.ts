/** Handlers of feature flags, platform flags, the flag inventory and app versions: one use case each, the record answered as is. */
import type { HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, type OptionalAuthenticated } from "@podium/contracts/common"
import { PlatformApi } from "@podium/contracts/platform"
import { type Accounts, Configuration, type Platform } from "@podium/core"
import type { ConfigurationInfrastructure } from "@podium/host-common"
import { Effect, type Layer, Option } from "effect"
import { apiGroup } from "../serving/served-groups.js"

export type ConfigurationHandlerServices =
  | ConfigurationInfrastructure
  | Accounts.UserRepo
  | Platform.AuditLog
  | Platform.Transactor
  | Authenticated
  | OptionalAuthenticated

type Group<Name extends string> = Layer.Layer<HttpApiGroup.ApiGroup<"podium", Name>, never, ConfigurationHandlerServices>

export const FeatureFlagsHandlers: Group<"featureFlags"> = apiGroup(PlatformApi, "featureFlags", (handlers) =>
  handlers
    .handle("listFeatureFlags", () => Configuration.listFeatureFlags)
    .handle("listCanonicalFlags", () => Configuration.listCanonicalFlags)
    .handle("getCanonicalFlag", ({ path }) => Configuration.findCanonicalFlag(path.key))
    .handle("flagInventory", () => Configuration.flagInventory)
    .handle("flagInventoryEntry", ({ path }) => Configuration.flagInventoryEntry(path.key))
    .handle("checkFlagMutation", ({ payload }) => Configuration.checkFlagMutation(payload))
    .handle("putFeatureFlag", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Configuration.putFeatureFlag(me, path.key, payload)))
    .handle("putFeatureFlagAudience", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Configuration.putFeatureFlagAudience(me, path.key, payload)))
    .handle("previewFeatureFlagAudience", ({ path, payload }) => Configuration.previewFeatureFlagAudience(path.key, payload))
    .handle("guardedFeatureFlagChange", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Configuration.guardedFeatureFlagChange(me, path.key, payload))))

export const PlatformFlagsHandlers: Group<"platformFlags"> = apiGroup(PlatformApi, "platformFlags", (handlers) =>
  handlers
    .handle("listPlatformFlags", ({ urlParams }) => Configuration.listPlatformFlags(urlParams.userId))
    .handle("createPlatformFlag", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Configuration.createPlatformFlag(me, payload)))
    .handle("guardedPlatformFlagChange", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Configuration.guardedPlatformFlagChange(me, payload)))
    .handle("deletePlatformFlag", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Configuration.deletePlatformFlag(me, path.key)))
    .handle("setPlatformFlagRollout", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Configuration.setPlatformFlagRollout(me, path.key, payload))))

export const AppVersionPoliciesHandlers: Group<"appVersionPolicies"> = apiGroup(PlatformApi, "appVersionPolicies", (handlers) =>
  handlers
    .handle("listAppVersionPolicies", () => Configuration.listAppVersionPolicies)
    .handle("updateAppVersionPolicy", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Configuration.updateAppVersionPolicy(me, path.platform, payload)))
    .handle("appVersionImpact", ({ path, urlParams }) => Configuration.appVersionImpact(path.platform, urlParams.minimumVersion)))

export const AppVersionCheckHandlers: Group<"appVersionCheck"> = apiGroup(PlatformApi, "appVersionCheck", (handlers) =>
  handlers
    .handle("appVersionCheck", ({ urlParams }) =>
      Effect.flatMap(Effect.serviceOption(CurrentPrincipal), (me) => Configuration.checkAppVersion(Option.getOrUndefined(me), urlParams.platform, urlParams.version))))

export const AbTestsHandlers: Group<"abTests"> = apiGroup(PlatformApi, "abTests", (handlers) =>
  handlers
    .handle("listAbTests", () => Configuration.listAbTests)
    .handle("putAbTest", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Configuration.putAbTest(me, path.key, payload))))

export const ExperimentsHandlers: Group<"experiments"> = apiGroup(PlatformApi, "experiments", (handlers) =>
  handlers
    .handle("listExperiments", ({ urlParams }) => Configuration.listExperiments(urlParams.status))
    .handle("createExperiment", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Configuration.createExperiment(me, payload)))
    .handle("experimentSignificance", ({ payload }) => Configuration.significance(payload))
    .handle("getExperiment", ({ path }) => Configuration.findExperiment(path.key))
    .handle("updateExperiment", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Configuration.updateExperiment(me, path.key, payload)))
    .handle("deleteExperiment", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Configuration.deleteExperiment(me, path.key)))
    .handle("experimentResults", ({ path }) => Configuration.experimentResults(path.key)))
