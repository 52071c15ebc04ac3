/** The platform context's HTTP handlers (health, memory, audit log, scheduler, observability, rate limits, risk register, search, integrations): the layers the host's area list provides. */
// biome-ignore lint/correctness/noUnusedImports: the declaration emitter names the list's port types through these namespaces
import type { Platform } from "@podium/core"
import { HealthHandlers } from "./health.handlers.js"
import { MemoryHandlers } from "./memory.handlers.js"
import { AuditLogHandlers } from "./audit-log.handlers.js"
import { SchedulerHandlers } from "./scheduler.handlers.js"
import { ObservabilityHandlers, PlatformHealthHandlers, PublicObservabilityHandlers } from "./observability.handlers.js"
import { RateLimitsHandlers } from "./rate-limits.handlers.js"
import { RiskRegisterHandlers } from "./risk-register.handlers.js"
import { SearchHandlers } from "./search.handlers.js"
import { IntegrationsHandlers } from "./integrations.handlers.js"

export const handlers = [
  HealthHandlers,
  MemoryHandlers,
  AuditLogHandlers,
  SchedulerHandlers,
  ObservabilityHandlers,
  PlatformHealthHandlers,
  PublicObservabilityHandlers,
  RateLimitsHandlers,
  RiskRegisterHandlers,
  SearchHandlers,
  IntegrationsHandlers
] as const
