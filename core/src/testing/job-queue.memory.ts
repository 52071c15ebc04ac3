import type { JobId } from "@podium/kernel"
import { DateTime, Duration, Effect, Either, Layer } from "effect"
import {
  DefaultMaxAttempts,
  type Job,
  type JobEvent,
  JobLeaseLost,
  JobNotFound,
  JobStatuses,
  transition
} from "../platform/job.model.js"
import { JobQueue, type LeaseRef } from "../platform/job-queue.port.js"

/** Builds an in-memory JobQueue with the same semantics as the Postgres adapter (lease, dedupe, reclaim). */
export const makeJobQueueMemory = Effect.sync(() => {
  const jobs = new Map<string, Job>()
  const byDedupeKey = new Map<string, string>()
  let sequence = 0
  // Insertion order breaks ties between equal timestamps, like created_at + id ordering in SQL.
  const order = new Map<string, number>()

  const ms = DateTime.toEpochMillis
  const apply = (job: Job, event: JobEvent, now: DateTime.Utc): Job => {
    const next = Either.getOrThrow(transition(job, event, now))
    jobs.set(job.id, next)
    return next
  }
  // A lease is held while the job is RUNNING for this worker and attempt; an expired but not yet
  // reclaimed lease still counts, so a slow worker may finish what nobody else has taken over.
  const leased = (ref: LeaseRef, _now: DateTime.Utc) => {
    const job = jobs.get(ref.id)
    return job !== undefined && job.status === "RUNNING" && job.leaseOwner === ref.workerId &&
        job.attempts === ref.attempt
      ? Either.right(job)
      : Either.left(new JobLeaseLost({ jobId: ref.id, workerId: ref.workerId }))
  }
  const leaseUntil = (now: DateTime.Utc, leaseMs: number) => DateTime.addDuration(now, Duration.millis(leaseMs))

  return JobQueue.of({
    enqueue: (input) =>
      Effect.map(DateTime.now, (now) => {
        if (input.dedupeKey !== undefined) {
          const existing = byDedupeKey.get(input.dedupeKey)
          if (existing !== undefined) return { job: jobs.get(existing)!, inserted: false }
        }
        const job: Job = {
          id: globalThis.crypto.randomUUID() as JobId,
          name: input.name,
          payload: input.payload ?? null,
          status: "PENDING",
          attempts: 0,
          maxAttempts: input.maxAttempts ?? DefaultMaxAttempts,
          runAt: input.runAt ?? now,
          leaseOwner: null,
          leaseUntil: null,
          dedupeKey: input.dedupeKey ?? null,
          progress: null,
          lastError: null,
          createdAt: now,
          updatedAt: now,
          finishedAt: null
        }
        jobs.set(job.id, job)
        order.set(job.id, sequence++)
        if (input.dedupeKey !== undefined) byDedupeKey.set(input.dedupeKey, job.id)
        return { job, inserted: true }
      }),
    claim: (input) =>
      Effect.map(DateTime.now, (now) => {
        const expired = (j: Job) => j.status === "RUNNING" && j.leaseUntil !== null && ms(j.leaseUntil) < ms(now)
        for (const job of jobs.values()) {
          if (expired(job) && job.attempts >= job.maxAttempts) {
            apply(job, { _tag: "Bury", error: `Lease of ${job.leaseOwner} expired on the last attempt` }, now)
          }
        }
        const due = [...jobs.values()]
          .filter((j) => input.id === undefined || j.id === input.id)
          .filter((j) => (j.status === "PENDING" && ms(j.runAt) <= ms(now)) || expired(j))
          .sort((a, b) => ms(a.runAt) - ms(b.runAt) || order.get(a.id)! - order.get(b.id)!)
          .slice(0, Math.max(0, input.limit))
        return due.map((job) =>
          apply(job, { _tag: "Claim", workerId: input.workerId, leaseUntil: leaseUntil(now, input.leaseMs) }, now)
        )
      }),
    complete: (ref) =>
      Effect.flatMap(DateTime.now, (now) =>
        Either.map(leased(ref, now), (job) => apply(job, { _tag: "Succeed" }, now))),
    fail: (ref) =>
      Effect.flatMap(DateTime.now, (now) =>
        Either.map(leased(ref, now), (job) =>
          apply(
            job,
            ref.retryAt === null
              ? { _tag: "Bury", error: ref.error }
              : { _tag: "Retry", error: ref.error, runAt: ref.retryAt },
            now
          ))),
    heartbeat: (ref) =>
      Effect.flatMap(DateTime.now, (now) =>
        Either.map(leased(ref, now), (job) =>
          apply(job, { _tag: "Heartbeat", leaseUntil: leaseUntil(now, ref.leaseMs) }, now))),
    reportProgress: (ref) =>
      Effect.flatMap(DateTime.now, (now) =>
        Either.map(leased(ref, now), (job) => {
          jobs.set(job.id, { ...job, progress: ref.progress, updatedAt: now })
        })),
    list: (filter = {}) =>
      Effect.sync(() =>
        [...jobs.values()]
          .filter((j) => filter.status === undefined || j.status === filter.status)
          .filter((j) => filter.name === undefined || j.name === filter.name)
          .sort((a, b) => ms(b.createdAt) - ms(a.createdAt) || order.get(b.id)! - order.get(a.id)!)
          .slice(filter.offset ?? 0, (filter.offset ?? 0) + (filter.limit ?? 100))
      ),
    get: (id) =>
      Effect.suspend(() => {
        const job = jobs.get(id)
        return job === undefined ? Effect.fail(new JobNotFound({ jobId: id })) : Effect.succeed(job)
      }),
    counts: Effect.sync(() => {
      const counts = Object.fromEntries(JobStatuses.map((s) => [s, 0])) as Record<Job["status"], number>
      for (const job of jobs.values()) counts[job.status]++
      return counts
    }),
    prune: (input) =>
      Effect.sync(() => {
        let deleted = 0
        for (const job of [...jobs.values()]) {
          const cutoff = job.status === "SUCCEEDED" ? input.succeededBefore : job.status === "DEAD" ? input.deadBefore : null
          if (cutoff !== null && job.finishedAt !== null && ms(job.finishedAt) < ms(cutoff)) {
            jobs.delete(job.id)
            order.delete(job.id)
            if (job.dedupeKey !== null) byDedupeKey.delete(job.dedupeKey)
            deleted++
          }
        }
        return deleted
      })
  })
})

/** An in-memory JobQueue, fresh per layer build. */
export const JobQueueMemory: Layer.Layer<JobQueue> = Layer.effect(JobQueue, makeJobQueueMemory)
