/** The configuration context's HTTP handlers (feature flags, platform flags, inventory, app versions): served in the platform area. */
import { AppVersionCheckHandlers, AppVersionPoliciesHandlers, FeatureFlagsHandlers, PlatformFlagsHandlers } from "./configuration.handlers.js"

export const handlers = [FeatureFlagsHandlers, PlatformFlagsHandlers, AppVersionPoliciesHandlers, AppVersionCheckHandlers] as const
