/**
 * Health probes (A 4.1). Unversioned and answered in the health-result shape of A 2.2 rather than
 * the REST envelope: load balancers and orchestrators read `status` directly.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { op } from "../common/index.js"

/** One component's state: `up` or `down`, plus optional detail such as `message`. */
export const HealthIndicator = Schema.Struct(
  { status: Schema.String },
  Schema.Record({ key: Schema.String, value: Schema.Unknown })
)
export const HealthIndicators = Schema.Record({ key: Schema.String, value: HealthIndicator })

/** The health result of A 2.2 (`shutting_down` while the process drains after SIGTERM). */
export const HealthResult = Schema.Struct({
  status: Schema.Literal("ok", "error", "shutting_down"),
  info: Schema.NullOr(HealthIndicators),
  error: Schema.NullOr(HealthIndicators),
  details: HealthIndicators
}).annotations({ identifier: "HealthResult" })
export type HealthResult = typeof HealthResult.Type

/** A failing health check: answered 503 with the same health-result shape. */
export class HealthCheckFailed extends Schema.TaggedError<HealthCheckFailed>()("HealthCheckFailed", {
  result: HealthResult
}) {
  static readonly wire = Schema.transform(HealthResult, Schema.typeSchema(HealthCheckFailed), {
    strict: true,
    decode: (result) => new HealthCheckFailed({ result }),
    encode: (error) => error.result
  }).annotations(HttpApiSchema.annotations({ status: 503 }))
}

const healthOk = HealthResult.annotations(HttpApiSchema.annotations({ status: 200 }))

export class HealthGroup extends HttpApiGroup.make("health")
  .add(op.get("health", "/health", { success: healthOk, summary: "Overall health: every dependency checked" }).addError(HealthCheckFailed.wire))
  .add(op.get("live", "/health/live", { success: healthOk, summary: "Liveness: the process answers; no dependency is checked" }))
  .add(op.get("ready", "/health/ready", { success: healthOk, summary: "Readiness: 503 while a dependency is down or the process is draining" }).addError(HealthCheckFailed.wire))
  .annotate(OpenApi.Title, "Health")
  .annotate(OpenApi.Description, "Liveness and readiness probes (unversioned)")
{}
