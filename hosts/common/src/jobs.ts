/**
 * Background work shared by the worker, scheduler, CLI and the all-in-one HTTP host: every
 * context's job handlers and periodic schedules, read from the context list.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Platform } from "@podium/core"
import { Effect, Layer } from "effect"
import { HostContexts } from "./contexts.js"
import type { HostContext } from "./host-context.js"

type Jobs = NonNullable<HostContext["jobs"]>

/** Every context's job handlers (a name registered twice fails at start). */
export const JobHandlersLive: Layer.Layer<Platform.JobHandlers, never, Platform.JobQueue | SqlClient.SqlClient> = Layer.effect(
  Platform.JobHandlers,
  Effect.map(
    Effect.all(HostContexts.flatMap((context): ReadonlyArray<Jobs> => (context.jobs === undefined ? [] : [context.jobs]))),
    (sets) => Platform.makeJobHandlers(...sets)
  )
)

/** Every named periodic job the scheduler fires. */
export const AllSchedules: ReadonlyArray<Platform.ScheduledJob> = HostContexts.flatMap((context) => context.schedules ?? [])
