/**
 * Background work shared by the worker, scheduler, CLI and the all-in-one HTTP host: every
 * context's job handlers and periodic schedules, registered in one place.
 */
import { Platform } from "@podium/core"
import { Effect, Layer } from "effect"
import type * as SqlClient from "@effect/sql/SqlClient"
import { SearchEnginePg } from "@podium/postgres"
import { complianceJobHandlers, complianceSchedules } from "./compliance.js"

/** The search reindex handler on the Postgres engine of the job's database. */
const searchJobHandlers = Effect.map(Effect.provide(Platform.SearchEngine, SearchEnginePg), Platform.searchJobHandlers)

/** Every context's job handlers (add a context's record here). */
export const JobHandlersLive: Layer.Layer<Platform.JobHandlers, never, Platform.JobQueue | SqlClient.SqlClient> = Layer.effect(
  Platform.JobHandlers,
  Effect.all([Platform.platformJobHandlers, complianceJobHandlers, searchJobHandlers]).pipe(
    Effect.map(([platform, compliance, search]) => Platform.makeJobHandlers(platform, compliance, search))
  )
)

/** Every named periodic job the scheduler fires. */
export const AllSchedules: ReadonlyArray<Platform.ScheduledJob> = [...Platform.platformSchedules, ...complianceSchedules]
