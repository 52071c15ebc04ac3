/** Area API "activities": activities, anti-cheat and appeals, tracking preferences, live tracking, gear. */
import { AreaApi } from "../common/index.js"
import {
  ActivitiesGroup,
  ActivityAppealsGroup,
  GearsGroup,
  GearTypesGroup,
  LiveTrackingGroup,
  PreferredSportsGroup,
  TrackingPreferencesGroup
} from "./activities.group.js"
import { AdminActivityAuditGroup, AdminAntiCheatGroup, AntiCheatGroup } from "./anti-cheat.group.js"

export * from "./activities.group.js"
export * from "./anti-cheat.group.js"

export class ActivitiesApi extends AreaApi
  .add(ActivitiesGroup)
  .add(ActivityAppealsGroup)
  .add(AntiCheatGroup)
  .add(TrackingPreferencesGroup)
  .add(LiveTrackingGroup)
  .add(PreferredSportsGroup)
  .add(GearsGroup)
  .add(GearTypesGroup)
  .add(AdminAntiCheatGroup)
  .add(AdminActivityAuditGroup) {}
