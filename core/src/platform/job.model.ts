/**
 * Durable background jobs: the record, its state machine (as data) and the retry backoff.
 *
 * States: PENDING (waiting for its runAt) → RUNNING (leased by one worker) → SUCCEEDED | DEAD.
 * A failed attempt that may retry goes back to PENDING with a later runAt and keeps `lastError`;
 * there is no separate FAILED state because "failed, will retry" is exactly "pending later".
 */
import { JobId } from "@podium/kernel"
import { DateTime, Duration, Either, Schema } from "effect"

export const JobStatus = Schema.Literal("PENDING", "RUNNING", "SUCCEEDED", "DEAD")
export type JobStatus = typeof JobStatus.Type
export const JobStatuses: ReadonlyArray<JobStatus> = JobStatus.literals

/** Operator-visible progress of a long job ("12 of 500 reindexed"). */
export const JobProgress = Schema.Struct({
  done: Schema.Number,
  total: Schema.NullOr(Schema.Number),
  message: Schema.NullOr(Schema.String)
})
export type JobProgress = typeof JobProgress.Type

/** One durable job. Times are UTC instants. */
export const Job = Schema.Struct({
  id: JobId,
  name: Schema.String,
  payload: Schema.Unknown,
  status: JobStatus,
  attempts: Schema.Int,
  maxAttempts: Schema.Int,
  runAt: Schema.DateTimeUtcFromSelf,
  leaseOwner: Schema.NullOr(Schema.String),
  leaseUntil: Schema.NullOr(Schema.DateTimeUtcFromSelf),
  dedupeKey: Schema.NullOr(Schema.String),
  progress: Schema.NullOr(JobProgress),
  lastError: Schema.NullOr(Schema.String),
  createdAt: Schema.DateTimeUtcFromSelf,
  updatedAt: Schema.DateTimeUtcFromSelf,
  finishedAt: Schema.NullOr(Schema.DateTimeUtcFromSelf)
})
export type Job = typeof Job.Type

/** Default number of attempts before a job goes DEAD. */
export const DefaultMaxAttempts = 5

/** A job is not in the state the requested move needs. */
export class JobTransitionNotAllowed extends Schema.TaggedError<JobTransitionNotAllowed>()(
  "JobTransitionNotAllowed",
  { jobId: Schema.String, from: JobStatus, event: Schema.String }
) {}

/** The worker no longer holds the job's lease (it expired and another worker reclaimed it, or it finished). */
export class JobLeaseLost extends Schema.TaggedError<JobLeaseLost>()("JobLeaseLost", {
  jobId: Schema.String,
  workerId: Schema.String
}) {}

/** No job has this id. */
export class JobNotFound extends Schema.TaggedError<JobNotFound>()("JobNotFound", { jobId: Schema.String }) {}

/** A handler failure that retrying cannot fix (bad payload, unknown job name): the job goes DEAD at once. */
export class JobFailedPermanently extends Schema.TaggedError<JobFailedPermanently>()("JobFailedPermanently", {
  message: Schema.String
}) {}

export type JobEvent =
  | { readonly _tag: "Claim"; readonly workerId: string; readonly leaseUntil: DateTime.Utc }
  | { readonly _tag: "Heartbeat"; readonly leaseUntil: DateTime.Utc }
  | { readonly _tag: "Succeed" }
  | { readonly _tag: "Retry"; readonly error: string; readonly runAt: DateTime.Utc }
  | { readonly _tag: "Bury"; readonly error: string }

/**
 * The whole state machine. Claim is also legal from RUNNING because an expired lease is
 * reclaimed (the adapter checks the expiry); SUCCEEDED and DEAD are terminal.
 */
export const allowedMoves: Readonly<Record<JobStatus, Readonly<Partial<Record<JobEvent["_tag"], JobStatus>>>>> = {
  PENDING: { Claim: "RUNNING" },
  RUNNING: { Claim: "RUNNING", Heartbeat: "RUNNING", Succeed: "SUCCEEDED", Retry: "PENDING", Bury: "DEAD" },
  SUCCEEDED: {},
  DEAD: {}
}

/** Applies one event to a job at `now`, or says the move is illegal. */
export const transition = (
  job: Job,
  event: JobEvent,
  now: DateTime.Utc
): Either.Either<Job, JobTransitionNotAllowed> => {
  const to = allowedMoves[job.status][event._tag]
  if (to === undefined) {
    return Either.left(new JobTransitionNotAllowed({ jobId: job.id, from: job.status, event: event._tag }))
  }
  const base = { ...job, status: to, updatedAt: now }
  switch (event._tag) {
    case "Claim":
      return Either.right({ ...base, attempts: job.attempts + 1, leaseOwner: event.workerId, leaseUntil: event.leaseUntil })
    case "Heartbeat":
      return Either.right({ ...base, leaseUntil: event.leaseUntil })
    case "Succeed":
      return Either.right({ ...base, leaseOwner: null, leaseUntil: null, finishedAt: now })
    case "Retry":
      return Either.right({ ...base, leaseOwner: null, leaseUntil: null, lastError: event.error, runAt: event.runAt })
    case "Bury":
      return Either.right({ ...base, leaseOwner: null, leaseUntil: null, lastError: event.error, finishedAt: now })
  }
}

export interface BackoffPolicy {
  readonly base: Duration.DurationInput
  readonly factor: number
  readonly cap: Duration.DurationInput
}

/** 1 s, 2 s, 4 s … capped at 5 minutes. */
export const DefaultBackoff: BackoffPolicy = { base: "1 second", factor: 2, cap: "5 minutes" }

/**
 * Delay before the next try after `attempts` failed attempts (1-based): base × factor^(attempts−1),
 * capped. Deterministic on purpose (no jitter) so tests can assert exact run times; leases and
 * SKIP LOCKED already keep concurrent workers from stampeding.
 */
export const backoffDelay = (attempts: number, policy: BackoffPolicy = DefaultBackoff): Duration.Duration => {
  const base = Duration.toMillis(Duration.decode(policy.base))
  const cap = Duration.toMillis(Duration.decode(policy.cap))
  const ms = base * Math.pow(policy.factor, Math.max(0, attempts - 1))
  return Duration.millis(Math.min(cap, ms))
}

/** What happens after a failed attempt: another try later, or DEAD when attempts are used up or retry is pointless. */
export const afterFailure = (
  job: Job,
  error: string,
  now: DateTime.Utc,
  options: { readonly permanent?: boolean; readonly policy?: BackoffPolicy } = {}
): JobEvent =>
  options.permanent === true || job.attempts >= job.maxAttempts
    ? { _tag: "Bury", error }
    : { _tag: "Retry", error, runAt: DateTime.addDuration(now, backoffDelay(job.attempts, options.policy)) }
