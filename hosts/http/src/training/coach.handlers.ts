/** Handlers of Athlete / AI coach: one use case each, the caller's own data only. */
import { CurrentPrincipal } from "@podium/contracts/common"
import { TrainingApi } from "@podium/contracts/training"
import { Training } from "@podium/core"
import { Effect } from "effect"
import { retryAfter } from "../identity/retry-after.answers.js"
import { apiGroup } from "../serving/served-groups.js"
import type { GroupHandlers } from "./calendar.handlers.js"

/** `Retry-After` on the coach's 429. */
const withRetryAfter = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.tapError(effect, (e) => (e instanceof Training.CoachRateLimited ? retryAfter(e.retryAfterMs) : Effect.void))

export const CoachHandlers: GroupHandlers<"coach"> = apiGroup(TrainingApi, "coach", (handlers) =>
  handlers
    .handle("askCoach", ({ payload }) => withRetryAfter(Effect.flatMap(CurrentPrincipal, (me) => Training.askCoach(me, payload))))
    .handle("coachContext", () => Effect.flatMap(CurrentPrincipal, (me) => Training.coachContext(me)))
    .handle("coachHistory", ({ urlParams }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Training.coachHistory(me, { limit: urlParams.limit ?? 20, offset: urlParams.offset ?? 0 })))
    .handle("coachStatus", () => Effect.flatMap(CurrentPrincipal, Training.coachStatus))
    .handle("voiceAskCoach", ({ payload }) => withRetryAfter(Effect.flatMap(CurrentPrincipal, (me) => Training.voiceAskCoach(me, payload))))
    .handle("speakCoach", ({ payload }) => withRetryAfter(Effect.flatMap(CurrentPrincipal, (me) => Training.speakCoach(me, payload)))))
