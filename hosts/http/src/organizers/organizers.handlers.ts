/** Handlers of the Organizers and Organizations groups. */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal, Forbidden, OrganizerAccess, TooManyRequests } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { Organizers, Platform } from "@podium/core"
import { Effect, Either } from "effect"
import { clientInfo } from "../identity/client.js"
import { retryAfter } from "../identity/retry-after.answers.js"
import type { OrganizersHandlerServices } from "./organizers.services.js"
import { organizerListItem, organizerView, readUpload } from "./organizer.view.js"
import { apiGroup } from "../serving/served-groups.js"

/**
 * The public create is a registration form anyone can post: each client address gets a small
 * budget, which also makes probing phone numbers one by one slow.
 */
const PublicCreateBudget = { limit: 10, window: "1 hour" } as const

const publicCreateBudget = Effect.gen(function*() {
  const { ip } = yield* clientInfo
  const decision = yield* Effect.flatMap(Platform.RateLimiter, (l) => l.hit(`organizer-create:${ip ?? "unknown"}`, PublicCreateBudget))
  if (!decision.allowed) {
    yield* retryAfter(decision.retryAfterMs)
    return yield* new TooManyRequests({ code: "RATE_LIMITED", message: "Too many organizer registrations from this address; try again later" })
  }
})

export const OrganizersHandlers: Layer<"organizers"> = apiGroup(EventsApi, "organizers", (handlers) =>
  handlers
    .handle("createOrganizer", ({ payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        const organizer = yield* Organizers.createOrganizer(me, {
          name: payload.name,
          phoneNumber: payload.phoneNumber,
          email: payload.email ?? null,
          companyName: payload.companyName ?? null,
          ...(payload.commission === undefined ? {} : { commission: payload.commission }),
          ...(payload.isActive === undefined ? {} : { isActive: payload.isActive }),
          ...(payload.approvalStatus === undefined ? {} : { approvalStatus: payload.approvalStatus }),
          ...(payload.reviewReason === undefined ? {} : { reviewReason: payload.reviewReason }),
          logo: yield* readUpload(payload.companyLogoFile)
        })
        return yield* organizerView(organizer)
      }))
    .handle("listOrganizers", ({ urlParams }) =>
      Effect.gen(function*() {
        const query = Organizers.parseOrganizerListQuery(urlParams)
        if (Either.isLeft(query)) return yield* query.left
        const page = yield* Organizers.listOrganizers(query.right)
        return { ...page, data: yield* Effect.forEach(page.data, organizerListItem) }
      }))
    .handle("createOrganizerIfNotExists", ({ payload }) =>
      Effect.gen(function*() {
        yield* publicCreateBudget
        // Whether it was created or already existed stays on the server: one receipt for both.
        yield* Organizers.createOrganizerIfNotExists({
          name: payload.name,
          phoneNumber: payload.phoneNumber,
          email: payload.email ?? null,
          companyName: payload.companyName ?? null,
          logo: yield* readUpload(payload.companyLogo)
        })
        return {
          phoneNumber: payload.phoneNumber,
          next: "Sign in with this phone number (POST /v2/organizers/send-otp, then POST /v2/auth/verify-otp with role organizer) to see and complete the organizer"
        }
      }))
    .handle("createOrganizerVerified", ({ payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        const { organizer } = yield* Organizers.createOrganizerVerified(me, {
          name: payload.name,
          email: payload.email ?? null,
          companyName: payload.companyName ?? null,
          logo: yield* readUpload(payload.companyLogo)
        })
        return yield* organizerView(organizer)
      }))
    .handle("myOrganizerMemberships", () =>
      Effect.gen(function*() {
        const rows = yield* Organizers.myMemberships(yield* CurrentPrincipal)
        return rows.map(membershipView)
      }))
    .handle("myOnboardingStatus", () =>
      Effect.flatMap(CurrentPrincipal, Organizers.onboardingStatus))
    .handle("getOrganizer", () =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        return yield* organizerView(yield* Organizers.getOrganizer(access.organizerId))
      }))
    .handle("updateOrganizer", ({ payload }) =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        // Commercial and review fields are the platform's decision, not the organizer's.
        const adminOnly = (["commission", "isActive", "approvalStatus", "reviewReason"] as const).filter((k) => payload[k] !== undefined)
        if (adminOnly.length > 0 && access.role !== "PLATFORM_ADMIN") {
          return yield* new Forbidden({ code: "ADMIN_ONLY_FIELDS", message: `Only an admin may change ${adminOnly.join(", ")}` })
        }
        const { companyLogoFile, companyBannerFile, ...fields } = payload
        const logo = yield* readUpload(companyLogoFile)
        const banner = yield* readUpload(companyBannerFile)
        const organizer = yield* Organizers.updateOrganizer(access.principal, access.organizerId, {
          ...fields,
          ...(logo === undefined ? {} : { logo }),
          ...(banner === undefined ? {} : { banner })
        })
        return yield* organizerView(organizer)
      }))
    .handle("deleteOrganizer", () =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        yield* Organizers.deleteOrganizer(access.principal, access.organizerId)
        return { id: access.organizerId, deleted: true }
      }))
    .handle("toggleOrganizer", ({ path }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return yield* organizerView(yield* Organizers.toggleOrganizer(me, path.id))
      }))
)

export const membershipView = (m: Organizers.MembershipView) => ({
  id: m.member.id,
  organizerId: m.member.organizerId,
  organizerName: m.organizerName,
  organizerSlug: m.organizerSlug,
  role: m.member.role,
  status: m.member.status,
  createdAt: m.member.createdAt
})

type Layer<G extends string> = import("effect").Layer.Layer<HttpApiGroup.ApiGroup<"podium", G>, never, OrganizersHandlerServices>

export const OrganizationsHandlers: Layer<"organizations"> = apiGroup(EventsApi, "organizations", (handlers) =>
  handlers
    .handle("getOrganization", ({ path }) =>
      Effect.gen(function*() {
        const { organizer, followers } = yield* Organizers.publicProfile(path.idOrSlug)
        const view = yield* organizerView(organizer)
        return {
          id: view.id,
          slug: view.slug,
          name: view.name,
          companyName: view.companyName,
          headline: view.headline,
          about: view.about,
          city: view.city,
          state: view.state,
          links: view.links,
          companyLogo: view.companyLogo,
          companyBanner: view.companyBanner,
          followers
        }
      }))
    .handle("followOrganization", ({ path }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Organizers.followOrganization(me, path.id, true)))
    .handle("unfollowOrganization", ({ path }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Organizers.followOrganization(me, path.id, false)))
)
