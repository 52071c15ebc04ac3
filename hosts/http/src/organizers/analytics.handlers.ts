/** Handlers of organizer analytics, audience and portal analytics (each one use case for the organizer the tenancy guard granted). */
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess, pageOf } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { type Identity, Organizers, type Platform } from "@podium/core"
import { Effect, type Layer } from "effect"
import type { OrganizersHandlerServices } from "./organizers.services.js"
import { apiGroup } from "../serving/served-groups.js"

type Services = OrganizersHandlerServices | Organizers.OrganizerAnalyticsSource | Identity.Hmac | Platform.AuditLog

/** Cohort links live a week unless the request asks otherwise: long enough to share, short enough to lapse. */
const DefaultCohortLinkTtlSeconds = 7 * 86_400

const granted = <A, E, R>(f: (grant: Organizers.OrganizerAccessGrant) => Effect.Effect<A, E, R>) =>
  Effect.flatMap(OrganizerAccess, (access) => f({ organizerId: access.organizerId, role: access.role, memberId: access.memberId } as Organizers.OrganizerAccessGrant))

export const OrganizerAnalyticsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "organizerAnalytics">, never, Services> =
  apiGroup(EventsApi, "organizerAnalytics", (handlers) =>
    handlers
      .handle("organizerAnalyticsAggregate", () => granted(Organizers.analyticsAggregate))
      .handle("organizerAnalyticsAttribution", () => granted(Organizers.analyticsAttribution))
      .handle("organizerAnalyticsClubAffiliations", () => granted(Organizers.analyticsClubAffiliations))
      .handle("organizerAnalyticsCohort", () => granted(Organizers.analyticsCohorts))
      .handle("organizerAnalyticsDemographics", () => granted(Organizers.analyticsDemographics))
      .handle("organizerAnalyticsDemographicsDeepDive", () => granted(Organizers.analyticsDemographicsDeepDive))
      .handle("organizerAnalyticsFirstTimerSplit", ({ path }) => granted((g) => Organizers.analyticsFirstTimerSplit(g, path.eventId)))
      .handle("organizerAnalyticsHybrid", () => granted(Organizers.analyticsHybrid))
      .handle("organizerAnalyticsHybridGeo", () => granted(Organizers.analyticsHybridGeo))
      .handle("organizerAnalyticsLifetimeValue", () => granted(Organizers.analyticsLifetimeValue))
      .handle("organizerAnalyticsRepeatParticipants", () => granted(Organizers.analyticsRepeatParticipants))
      .handle("organizerAudience", ({ urlParams }) => granted((g) => Organizers.listAudience(g, { q: urlParams.q, ...pageOf(urlParams) })))
      .handle("organizerAudienceLifetimeValue", ({ path }) => granted((g) => Organizers.audienceLifetimeValue(g, path.athleteUserId)))
      .handle("organizerAudienceExport", () => granted(Organizers.exportAudience))
      .handle("organizerIdentifiedLifetimeValue", ({ urlParams }) => granted((g) => Organizers.identifiedLifetimeValues(g, { q: urlParams.q, ...pageOf(urlParams) }))))

export const OrganizerPortalAnalyticsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "organizerPortalAnalytics">, never, Services> =
  apiGroup(EventsApi, "organizerPortalAnalytics", (handlers) =>
    handlers
      .handle("portalAnalyticsAttribution", () => granted(Organizers.analyticsAttribution))
      .handle("portalAnalyticsCohorts", () => granted(Organizers.analyticsCohorts))
      .handle("portalEventAvgTicketPrice", ({ path }) => granted((g) => Organizers.eventAverageTicketPrice(g, path.eventId)))
      .handle("portalEventFunnel", ({ path }) => granted((g) => Organizers.eventFunnel(g, path.eventId)))
      .handle("portalEventFunnelCsv", ({ path }) => granted((g) => Organizers.eventFunnelCsv(g, path.eventId)))
      .handle("portalEventSales", ({ path }) => granted((g) => Organizers.eventSales(g, path.eventId)))
      .handle("portalAudience", ({ urlParams }) => granted((g) => Organizers.listAudience(g, { q: urlParams.q, ...pageOf(urlParams) })))
      .handle("portalAudienceSummary", () => granted((g) => Organizers.audienceSummary(g, new Date())))
      .handle("portalAudienceMember", ({ path }) => granted((g) => Organizers.audienceMember(g, path.athleteUserId)))
      .handle("portalAudienceTimeline", ({ path }) => granted((g) => Organizers.audienceTimeline(g, path.athleteUserId)))
      .handle("portalAudienceCohortLink", ({ payload }) =>
        granted((g) => Organizers.createCohortLink(g, { cohort: payload.cohort, ttlSeconds: payload.ttlSeconds ?? DefaultCohortLinkTtlSeconds, now: new Date() })))
      .handle("portalAudienceCohortLinkVerify", ({ payload }) => granted((g) => Organizers.verifyCohortLink(g, payload.token, new Date())))
      .handle("portalEventBenchmark", ({ path }) => granted((g) => Organizers.eventBenchmark(g, path.eventId)))
      .handle("portalActivity", ({ urlParams }) =>
        granted((g) =>
          Effect.map(
            Organizers.organizerActivity(g, {
              actorId: urlParams.actorId,
              action: urlParams.action,
              from: urlParams.from === undefined ? undefined : new Date(urlParams.from),
              to: urlParams.to === undefined ? undefined : new Date(urlParams.to),
              before: urlParams.before,
              limit: urlParams.limit ?? 20
            }),
            (page) => ({
              items: page.items.map((e) => ({ seq: e.seq, action: e.action, actorKind: e.actorKind, actorId: e.actorId, reason: e.reason, data: e.data, occurredAt: e.occurredAt })),
              nextBefore: page.nextBefore
            })
          ))))
