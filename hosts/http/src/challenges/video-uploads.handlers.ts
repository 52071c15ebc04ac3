/** Handlers of the challenge video uploads: one use case each. */
import type { HttpApiGroup } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { CurrentPrincipal } from "@podium/contracts/common"
import { Challenges } from "@podium/core"
import { Effect, type Layer } from "effect"
import { readUpload } from "../organizers/organizer.view.js"
import { apiGroup } from "../serving/served-groups.js"
import type { ChallengeHandlerServices } from "./challenges.handlers.js"

export const ChallengeVideoUploadsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "challengeVideoUploads">, never, ChallengeHandlerServices> =
  apiGroup(AthletesApi, "challengeVideoUploads", (handlers) =>
    handlers
      .handle("uploadChallengeVideo", ({ payload }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          return yield* Challenges.uploadChallengeVideo(me.accountId, yield* readUpload(payload.file))
        }))
      .handle("cleanupChallengeVideos", () => Challenges.cleanupChallengeVideoUploads))
