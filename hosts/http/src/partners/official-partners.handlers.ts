/** Handlers of official partners: one use case each; the tab's public config answers its etag (304 when unchanged). */
import { type HttpApiGroup, HttpApp, HttpServerResponse } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { PlatformApi } from "@podium/contracts/platform"
import { type Accounts, type Clubs, type Identity, type Media, type Organizers, Partners, type Platform } from "@podium/core"
import type { PartnersInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { readUpload } from "../organizers/organizer.view.js"
import { apiGroup } from "../serving/served-groups.js"

export type PartnerHandlerServices =
  | PartnersInfrastructure
  | Organizers.OrganizerRepo
  | Clubs.ClubRepo
  | Accounts.UserRepo
  | Media.BlobStore
  | Identity.Hmac
  | Identity.SecureRandom
  | Platform.AuditLog
  | Platform.Transactor
  | Authenticated

/** A page of a use case's items with the page and limit the caller asked for. */
const paged = <A, E, R>(query: { readonly page?: number | undefined; readonly limit?: number | undefined }, result: Effect.Effect<{ readonly items: ReadonlyArray<A>; readonly total: number }, E, R>) =>
  Effect.map(result, (r) => ({ ...pageOf(query), items: r.items, total: r.total }))

export const AdminOfficialPartnersHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminOfficialPartners">, never, PartnerHandlerServices> = apiGroup(
  PlatformApi,
  "adminOfficialPartners",
  (handlers) =>
    handlers
      .handle("officialPartnerBenefitDefinitions", () => Effect.succeed(Partners.benefitDefinitions()))
      .handle("officialPartnerCandidates", ({ urlParams: q }) => paged(q, Partners.partnerCandidates({ ...pageOf(q), subjectType: q.subjectType, search: q.search })))
      .handle("officialPartners", ({ urlParams: q }) =>
        paged(q, Partners.listPartners({ ...pageOf(q), status: q.status, subjectType: q.subjectType, tier: q.tier, search: q.search })))
      .handle("designateOfficialPartner", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Partners.designatePartner(me, payload)))
      .handle("officialPartnerExclusiveTab", () => Partners.exclusiveTab())
      .handle("putOfficialPartnerExclusiveTab", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Partners.putExclusiveTab(me, payload)))
      .handle("officialPartnerExclusiveTabTargets", () => Partners.exclusiveTabTargets())
      .handle("uploadOfficialPartnerLogo", ({ payload }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          const upload = yield* readUpload(payload.logoImage)
          return yield* Partners.uploadPartnerLogo(me, upload!)
        }))
      .handle("officialPartner", ({ path }) => Partners.getPartner(path.id))
      .handle("updateOfficialPartner", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Partners.updatePartner(me, path.id, payload)))
      .handle("removeOfficialPartner", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Partners.removePartner(me, path.id, payload.reason)))
)

export const OfficialPartnersHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "officialPartners">, never, PartnerHandlerServices> = apiGroup(
  PlatformApi,
  "officialPartners",
  (handlers) =>
    handlers
      .handle("officialPartnerExclusiveTabConfig", ({ headers }) =>
        Effect.gen(function*() {
          const { config, etag } = yield* Partners.publicExclusiveTabConfig()
          // Clients may keep the answer but must revalidate it: the tab changes without notice.
          const caching = { etag, "cache-control": "no-cache" }
          if (Partners.etagMatches(headers["if-none-match"], etag)) return HttpServerResponse.empty({ status: 304, headers: caching })
          yield* HttpApp.appendPreResponseHandler((_request, response) => Effect.succeed(HttpServerResponse.setHeaders(response, caching)))
          return config
        }))
      .handle("publicOfficialPartner", ({ path }) => Partners.publicPartner(path.subjectType, path.subjectId))
)
