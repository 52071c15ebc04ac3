/** Area API "platform": health, memory, observability, scheduler, search admin, audit log. */
import { AreaApi } from "../common/index.js"
import { HealthGroup } from "./health.group.js"
import { MemoryGroup } from "./memory.group.js"
import { AuditLogGroup } from "./audit-log.group.js"
import { SchedulerGroup } from "./scheduler.group.js"
import { ObservabilityGroup, PlatformHealthGroup, PublicObservabilityGroup } from "./observability.group.js"
import { RateLimitsGroup } from "./rate-limits.group.js"
import { RiskRegisterGroup } from "./risk-register.group.js"
import { SearchGroup } from "./search.group.js"
import { IntegrationsGroup } from "./integrations.group.js"

export * from "./health.group.js"
export * from "./memory.group.js"
export * from "./audit-log.group.js"
export * from "./scheduler.group.js"
export * from "./observability.group.js"
export * from "./rate-limits.group.js"
export * from "./risk-register.group.js"
export * from "./search.group.js"
export * from "./integrations.group.js"

export class PlatformApi extends AreaApi.add(HealthGroup).add(MemoryGroup).add(AuditLogGroup).add(SchedulerGroup).add(ObservabilityGroup).add(PublicObservabilityGroup).add(PlatformHealthGroup).add(RateLimitsGroup).add(RiskRegisterGroup).add(SearchGroup).add(IntegrationsGroup) {}
