/**
 * C "Hybrid race (user)": the athlete's own attempt at a public hybrid race — start, checkpoints and
 * skips strictly in course order, finish, submit. A step out of order answers 409
 * `HYBRID_RACE_OUT_OF_ORDER`.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { HybridRaceAttempt, HybridRaceCheckpoint, inputOf } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op } from "../common/index.js"

const EventIdPath = Schema.Struct({ eventId: Schema.String })
/** The 1-based index, in course order, of the checkpoint passed or skipped. */
export const HybridCheckpointBody = inputOf(HybridRaceCheckpoint, { required: ["index"], optional: [] })

export class HybridRaceGroup extends HttpApiGroup.make("hybridRace")
  .add(op.post("startHybridRace", "/v2/hybrid-race/:eventId/start", { path: EventIdPath, ok: HybridRaceAttempt, status: 201, summary: "Start the caller's attempt at a public hybrid race (once per event)" }))
  .add(op.post("hybridRaceCheckpoint", "/v2/hybrid-race/:eventId/checkpoint", { path: EventIdPath, body: HybridCheckpointBody, ok: HybridRaceAttempt, summary: "Pass the next checkpoint (its index in course order; any other index is out of order)" }))
  .add(op.post("skipHybridCheckpoint", "/v2/hybrid-race/:eventId/skip", { path: EventIdPath, body: HybridCheckpointBody, ok: HybridRaceAttempt, summary: "Skip the next checkpoint (recorded as skipped, in course order)" }))
  .add(op.post("finishHybridRace", "/v2/hybrid-race/:eventId/finish", { path: EventIdPath, ok: HybridRaceAttempt, summary: "Finish the running attempt: stamps the finish and the elapsed seconds" }))
  .add(op.post("submitHybridRace", "/v2/hybrid-race/:eventId/submit", { path: EventIdPath, ok: HybridRaceAttempt, summary: "Submit the finished attempt" }))
  .middleware(Authenticated)
  .annotate(OpenApi.Title, "Athlete / Hybrid race")
  .annotate(OpenApi.Description, "An athlete's attempt at a hybrid race, step by step in course order")
{}
