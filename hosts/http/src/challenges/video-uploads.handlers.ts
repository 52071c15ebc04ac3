/** Handlers of the challenge video uploads: the shared media use cases, scoped to challenges. */
import type { HttpApiGroup } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { CurrentPrincipal } from "@podium/contracts/common"
import { Media } from "@podium/core"
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
          return yield* Media.uploadVideo("challenge", me.accountId, yield* readUpload(payload.file))
        }))
      .handle("cleanupChallengeVideos", () => Media.cleanupVideoUploads("challenge")))
