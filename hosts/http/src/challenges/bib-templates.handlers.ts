/** Handlers of bib templates: one use case each. */
import type { HttpApiGroup } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { CurrentPrincipal } from "@podium/contracts/common"
import { Challenges } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { ChallengeHandlerServices } from "./challenges.handlers.js"

export const BibTemplatesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "bibTemplates">, never, ChallengeHandlerServices> = apiGroup(
  AthletesApi,
  "bibTemplates",
  (handlers) =>
    handlers
      .handle("bibTemplateGallery", ({ urlParams }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.bibTemplateGallery(me, urlParams.organizerId)))
      .handle("createBibTemplate", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.createBibTemplate(me, payload)))
      .handle("getBibTemplate", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.getBibTemplate(me, path.id)))
      .handle("updateBibTemplate", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.updateBibTemplate(me, path.id, payload)))
      .handle("deleteBibTemplate", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.deleteBibTemplate(me, path.id)))
      .handle("previewBibTemplate", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.previewBibTemplate(me, path.id, payload)))
)
