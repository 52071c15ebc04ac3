/**
 * Memory monitoring (A 4.1). The spec states no auth; we require the operator token header
 * `x-ops-token` and serve the routes only where configuration enables them (never by default in
 * production), because heap figures and forced GC are not for the public.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { IntFromText, Optional, Query } from "@podium/kernel"
import { Schema } from "effect"
import { op } from "../common/index.js"

export const MemoryUsage = Schema.Struct({
  rss: Schema.Number,
  heapTotal: Schema.Number,
  heapUsed: Schema.Number,
  external: Schema.Number,
  arrayBuffers: Schema.Number,
  uptimeSeconds: Schema.Number,
  human: Schema.Record({ key: Schema.String, value: Schema.String })
}).annotations({ identifier: "MemoryUsage" })

export const GcResult = Schema.Struct({
  before: MemoryUsage,
  after: MemoryUsage,
  freedBytes: Schema.Number
}).annotations({ identifier: "GcResult" })

export const LeakReport = Schema.Struct({
  windowMs: Schema.Number,
  heapUsedBefore: Schema.Number,
  heapUsedAfter: Schema.Number,
  heapDiffBytes: Schema.Number,
  gcForced: Schema.Boolean,
  suspectedLeak: Schema.Boolean
}).annotations({ identifier: "LeakReport" })

export const OpsTokenHeader = Schema.Struct({ "x-ops-token": Schema.optional(Schema.String) })

export class MemoryGroup extends HttpApiGroup.make("memory")
  .add(op.get("usage", "/memory/usage", { headers: OpsTokenHeader, ok: MemoryUsage, summary: "Process memory usage: RSS, heap and external bytes, with readable figures" }))
  .add(op.post("gc", "/memory/gc", { headers: OpsTokenHeader, ok: GcResult, status: 201, summary: "Run a garbage collection and report the memory it freed" }))
  .add(op.get("testLeak", "/memory/test-leak", { query: Query({ windowMs: Optional(IntFromText(0, 10_000)) }), headers: OpsTokenHeader, ok: LeakReport, summary: "Sample heap growth over a short window to spot a leak" }))
  .annotate(OpenApi.Title, "Memory")
  .annotate(OpenApi.Description, "Process memory monitoring for operators (x-ops-token required)")
{}
