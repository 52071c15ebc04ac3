/**
 * The scheduler view (B Scheduler): every named periodic job with its schedule, last run (from the
 * durable job queue), next slot and last outcome; `run` enqueues one run now through the queue (a
 * worker executes it). Needs `platform.operate`.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"

export const JobRunView = Schema.Struct({
  jobId: Schema.String,
  status: Schema.String,
  attempts: Schema.Int,
  maxAttempts: Schema.Int,
  runAt: Schema.String,
  finishedAt: Schema.NullOr(Schema.String),
  lastError: Schema.NullOr(Schema.String),
  progress: Schema.NullOr(Schema.Struct({ done: Schema.Number, total: Schema.NullOr(Schema.Number), message: Schema.NullOr(Schema.String) }))
}).annotations({ identifier: "JobRun" })

export const ScheduledJobView = Schema.Struct({
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  /** The period, e.g. `1 hour`, and the same in seconds. */
  schedule: Schema.String,
  everySeconds: Schema.Number,
  lastRun: Schema.NullOr(JobRunView),
  /** Status of the last run (`SUCCEEDED`, `DEAD`, `RUNNING`, `PENDING`), null if it never ran. */
  lastOutcome: Schema.NullOr(Schema.String),
  nextRunAt: Schema.String
}).annotations({ identifier: "ScheduledJob" })

export const ScheduledJobsView = Schema.Struct({ data: Schema.Array(ScheduledJobView), count: Schema.Int })

export const JobNameParam = Schema.Struct({ name: Schema.String.pipe(Schema.maxLength(200)) })

export const RunScheduledJobView = Schema.Struct({ name: Schema.String, job: JobRunView }).annotations({ identifier: "ScheduledJobRun" })

export class SchedulerGroup extends HttpApiGroup.make("scheduler")
  .add(op.get("listScheduledJobs", "/v2/admin/scheduler/jobs", { ok: ScheduledJobsView, summary: "Named periodic jobs with schedule, last run, next run and last outcome" }))
  .add(op.get("getScheduledJob", "/v2/admin/scheduler/jobs/:name", { path: JobNameParam, ok: ScheduledJobView, summary: "One named periodic job" }))
  .add(op.post("runScheduledJob", "/v2/admin/scheduler/jobs/:name/run", { path: JobNameParam, ok: RunScheduledJobView, status: 201, summary: "Enqueue one run of the job now (a worker executes it)" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("platform.operate"))
  .annotate(OpenApi.Title, "Scheduler")
  .annotate(OpenApi.Description, "Periodic jobs; permission platform.operate")
{}
