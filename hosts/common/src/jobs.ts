/**
 * Background work shared by the worker, scheduler, CLI and the all-in-one HTTP host: every
 * context's job handlers and periodic schedules, registered in one place.
 */
import { Platform } from "@podium/core"
import { Effect, Layer } from "effect"
import type * as SqlClient from "@effect/sql/SqlClient"
import { configuredSearchEngine } from "./search.js"
import { complianceJobHandlers, complianceSchedules } from "./compliance.js"
import { clubsJobHandlers, clubsSchedules } from "./clubs.js"
import { clubMoneyJobHandlers, clubMoneySchedules } from "./clubs-money.js"

/** The search reindex handler on the configured engine (SEARCH_ENGINE, search.ts) over the job's database. */
const searchJobHandlers = Effect.map(configuredSearchEngine, Platform.searchJobHandlers)

/** Every context's job handlers (add a context's record here). */
export const JobHandlersLive: Layer.Layer<Platform.JobHandlers, never, Platform.JobQueue | SqlClient.SqlClient> = Layer.effect(
  Platform.JobHandlers,
  Effect.all([Platform.platformJobHandlers, complianceJobHandlers, searchJobHandlers, clubsJobHandlers, clubMoneyJobHandlers]).pipe(
    Effect.map(([platform, compliance, search, clubs, clubMoney]) => Platform.makeJobHandlers(platform, compliance, search, clubs, clubMoney))
  )
)

/** Every named periodic job the scheduler fires. */
export const AllSchedules: ReadonlyArray<Platform.ScheduledJob> = [...Platform.platformSchedules, ...complianceSchedules, ...clubsSchedules, ...clubMoneySchedules]
