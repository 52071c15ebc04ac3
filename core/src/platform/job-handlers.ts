import { Context, Effect, Layer, Schema } from "effect"
import { type Job, JobFailedPermanently, type JobProgress } from "./job.model.js"

/** What a running handler may know and do about its own job. */
export interface JobContext {
  readonly job: Job
  /** Records operator-visible progress; a lost lease is logged, not raised. */
  readonly reportProgress: (progress: JobProgress) => Effect.Effect<void>
}

/** The job the current handler is running. */
export class CurrentJob extends Context.Tag("@podium/core/platform/CurrentJob")<CurrentJob, JobContext>() {}

/** Runs one job's payload; fails to ask for a retry (or with JobFailedPermanently to give up). */
export type JobHandler = (payload: unknown) => Effect.Effect<void, unknown, CurrentJob>

/** The registry of job handlers by job name, used by the worker. */
export class JobHandlers extends Context.Tag("@podium/core/platform/JobHandlers")<
  JobHandlers,
  ReadonlyMap<string, JobHandler>
>() {}

/** Builds the registry from several contexts' handler records; a name registered twice is a bug (defect). */
export const makeJobHandlers = (...sets: ReadonlyArray<Readonly<Record<string, JobHandler>>>): ReadonlyMap<string, JobHandler> => {
  const map = new Map<string, JobHandler>()
  for (const set of sets) {
    for (const [name, handler] of Object.entries(set)) {
      if (map.has(name)) throw new Error(`Job handler "${name}" registered twice`)
      map.set(name, handler)
    }
  }
  return map
}

/** A JobHandlers layer from handler records. */
export const jobHandlersLayer = (...sets: ReadonlyArray<Readonly<Record<string, JobHandler>>>) =>
  Layer.sync(JobHandlers, () => makeJobHandlers(...sets))

/** A handler whose payload is decoded with `schema` first; an undecodable payload fails permanently. */
export const jobHandler = <A, I, R>(
  schema: Schema.Schema<A, I, never>,
  run: (payload: A) => Effect.Effect<void, unknown, R | CurrentJob>
) =>
(payload: unknown): Effect.Effect<void, unknown, R | CurrentJob> =>
  Schema.decodeUnknown(schema)(payload).pipe(
    Effect.mapError((e) => new JobFailedPermanently({ message: `Invalid payload: ${e.message}` })),
    Effect.flatMap(run)
  )
