/** The configuration context's HTTP handlers (feature flags, platform flags, inventory, app versions): served in the platform area. */
import { AbTestsHandlers, AppVersionCheckHandlers, AppVersionPoliciesHandlers, ExperimentsHandlers, FeatureFlagsHandlers, PlatformFlagsHandlers } from "./configuration.handlers.js"

export const handlers = [FeatureFlagsHandlers, PlatformFlagsHandlers, AppVersionPoliciesHandlers, AppVersionCheckHandlers, AbTestsHandlers, ExperimentsHandlers] as const
