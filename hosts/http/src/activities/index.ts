/** The activities context's HTTP handlers: the layers the host's area list provides. */
// biome-ignore lint/correctness/noUnusedImports: the declaration emitter names the list's port types through these namespaces
import type { Activities, Identity, Platform } from "@podium/core"
import {
  ActivitiesHandlers,
  ActivityAppealsHandlers,
  GearsHandlers,
  GearTypesHandlers,
  LiveTrackingHandlers,
  PreferredSportsHandlers,
  TrackingPreferencesHandlers
} from "./activities.handlers.js"
import { AdminActivityAuditHandlers, AdminAntiCheatHandlers, AntiCheatHandlers } from "./anti-cheat.handlers.js"

export const handlers = [
  ActivitiesHandlers,
  ActivityAppealsHandlers,
  AntiCheatHandlers,
  TrackingPreferencesHandlers,
  LiveTrackingHandlers,
  PreferredSportsHandlers,
  GearsHandlers,
  GearTypesHandlers,
  AdminAntiCheatHandlers,
  AdminActivityAuditHandlers
] as const
