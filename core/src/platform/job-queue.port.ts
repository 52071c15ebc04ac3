import type { JobId } from "@podium/kernel"
import { Context, type DateTime, type Effect } from "effect"
import type { Job, JobLeaseLost, JobNotFound, JobProgress, JobStatus } from "./job.model.js"

export interface EnqueueInput {
  readonly name: string
  readonly payload?: unknown
  /** Not before this instant; default now. */
  readonly runAt?: DateTime.Utc
  /** Default 5. */
  readonly maxAttempts?: number
  /** Insert-once key: a second enqueue with the same key (ever, while the row exists) inserts nothing. */
  readonly dedupeKey?: string
}

export interface EnqueueResult {
  /** The job inserted now, or the existing job holding the same dedupe key. */
  readonly job: Job
  readonly inserted: boolean
}

export interface ClaimInput {
  readonly workerId: string
  readonly limit: number
  readonly leaseMs: number
  /** Claim only this job (used by `runJobNow`). */
  readonly id?: JobId
}

/** Names one lease: the worker holding it and the attempt it was claimed for (a fencing token, so a
 * worker that reclaims its own expired job cannot be confused with its earlier, stale run). */
export interface LeaseRef {
  readonly id: JobId
  readonly workerId: string
  readonly attempt: number
}

export interface JobListFilter {
  readonly status?: JobStatus
  readonly name?: string
  readonly limit?: number
  readonly offset?: number
}

export type JobCounts = Readonly<Record<JobStatus, number>>

/** The durable job queue: enqueue, lease-based claiming, completion and inspection of background jobs. */
export class JobQueue extends Context.Tag("@podium/core/platform/JobQueue")<JobQueue, {
  readonly enqueue: (input: EnqueueInput) => Effect.Effect<EnqueueResult>
  /**
   * Leases up to `limit` due jobs to `workerId`: PENDING jobs whose runAt has come, and RUNNING jobs
   * whose lease expired (a killed worker's). Expired jobs with no attempts left go DEAD instead.
   * Concurrent claimers never receive the same job.
   */
  readonly claim: (input: ClaimInput) => Effect.Effect<ReadonlyArray<Job>>
  /** Marks the job SUCCEEDED if `workerId` still holds its lease. */
  readonly complete: (ref: LeaseRef) => Effect.Effect<Job, JobLeaseLost>
  /** Records a failed attempt: back to PENDING at `retryAt`, or DEAD when `retryAt` is null. */
  readonly fail: (ref: LeaseRef & { readonly error: string; readonly retryAt: DateTime.Utc | null }) => Effect.Effect<Job, JobLeaseLost>
  /** Extends the lease by `leaseMs` from now. */
  readonly heartbeat: (ref: LeaseRef & { readonly leaseMs: number }) => Effect.Effect<Job, JobLeaseLost>
  readonly reportProgress: (ref: LeaseRef & { readonly progress: JobProgress }) => Effect.Effect<void, JobLeaseLost>
  /** Newest first. */
  readonly list: (filter?: JobListFilter) => Effect.Effect<ReadonlyArray<Job>>
  readonly get: (id: JobId) => Effect.Effect<Job, JobNotFound>
  readonly counts: Effect.Effect<JobCounts>
  /** Deletes finished jobs: SUCCEEDED finished before `succeededBefore`, DEAD before `deadBefore`. Returns how many. */
  readonly prune: (input: { readonly succeededBefore: DateTime.Utc; readonly deadBefore: DateTime.Utc }) => Effect.Effect<number>
}>() {}
