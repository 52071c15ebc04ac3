/** Handlers of Events / Prizes: the public prizes and winners, the organizer's prizes (tenancy-guarded) and the admin's view of both lanes' contributions. */
import { type HttpApiGroup, type Multipart } from "@effect/platform"
import { type Authenticated, OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { ResultsApi } from "@podium/contracts/results"
import { type Challenges, Results } from "@podium/core"
import { readFile } from "node:fs/promises"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import { organizerActor, pageOf, type ResultsHandlerServices } from "./results.views.js"

const who = Effect.map(OrganizerAccess, organizerActor)

export const PublicPrizesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "eventPrizes">, never, ResultsHandlerServices> = apiGroup(ResultsApi, "eventPrizes", (handlers) =>
  handlers
    .handle("eventPrizes", ({ path }) => Results.publicPrizes(path.eventId))
    .handle("eventPrizeWinners", ({ path }) => Results.publicPrizeWinners(path.eventId)))

/** The product images of a replace-all, read from the parser's temporary files, by field name. */
const imagesOf = (payload: object) =>
  Effect.promise(async () => {
    const images: Record<string, Results.ReplacePrizesInput["images"][string]> = {}
    for (const [field, value] of Object.entries(payload)) {
      if (!field.startsWith("prizeProductImage_")) continue
      const file = value as Multipart.PersistedFile
      images[field] = { fileName: file.name, bytes: new Uint8Array(await readFile(file.path)) }
    }
    return images
  })

export const OrganizerPrizesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "organizerPrizes">, never, ResultsHandlerServices | OrganizerManagers | OrganizerReaders> = apiGroup(ResultsApi, "organizerPrizes", (handlers) =>
  handlers
    .handle("organizerEventPrizes", ({ path }) => Effect.flatMap(who, (w) => Results.organizerPrizes(w, path.eventId)))
    .handle("replaceEventPrizes", ({ path, payload }) =>
      Effect.gen(function*() {
        const images = yield* imagesOf(payload)
        return yield* Results.replacePrizes(yield* who, path.eventId, {
          segments: payload.segments,
          dropSponsorContributionIds: payload.dropSponsorContributionIds ?? [],
          images
        })
      }))
    .handle("eventPrizeContributions", ({ path }) => Effect.flatMap(who, (w) => Results.listPrizeContributions(w, path.eventId)))
    .handle("acceptEventPrizeContribution", ({ path }) => Effect.flatMap(who, (w) => Results.acceptPrizeContribution(w, path.eventId, path.contributionId)))
    .handle("rejectEventPrizeContribution", ({ path }) => Effect.flatMap(who, (w) => Results.rejectPrizeContribution(w, path.eventId, path.contributionId)))
    .handle("distributeEventPrizes", ({ path }) => Effect.flatMap(who, (w) => Results.distributePrizes(w, path.eventId)))
    .handle("eventPrizeResults", ({ path }) => Effect.flatMap(who, (w) => Results.organizerPrizeResults(w, path.eventId)))
    .handle("announceEventPrizeResults", ({ path, payload }) => Effect.flatMap(who, (w) => Results.announcePrizeResults(w, path.eventId, payload.winners)))
    .handle("publishEventPrizeResults", ({ path }) => Effect.flatMap(who, (w) => Results.publishPrizeResults(w, path.eventId)))
    .handle("unpublishEventPrizeResults", ({ path }) => Effect.flatMap(who, (w) => Results.unpublishPrizeResults(w, path.eventId))))

export const AdminPrizeContributionsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminPrizeContributions">, never, ResultsHandlerServices | Challenges.ChallengeRewardsRepo | Authenticated> =
  apiGroup(ResultsApi, "adminPrizeContributions", (handlers) =>
    handlers.handle("adminPrizeContributions", ({ urlParams }) => Results.adminPrizeContributions({ ...pageOf(urlParams), lane: urlParams.lane })))
