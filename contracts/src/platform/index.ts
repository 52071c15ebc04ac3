/** Area API "platform": health, memory, observability, scheduler, search admin, audit log. */
import { HttpApi } from "@effect/platform"
import { ApiId } from "../common/index.js"
import { HealthGroup } from "./health.group.js"
import { MemoryGroup } from "./memory.group.js"

export * from "./health.group.js"
export * from "./memory.group.js"

export class PlatformApi extends HttpApi.make(ApiId).add(HealthGroup).add(MemoryGroup) {}
