/**
 * The single place where organizers and media outcomes get their public meaning. A new error in
 * the union breaks the build here.
 */
import { BadRequest, Conflict, Forbidden, NotFound, ServiceUnavailable } from "@podium/contracts/common"
import { validationBody } from "@podium/contracts/common"
import type { Organizers, Platform } from "@podium/core"
import { HttpServerResponse } from "@effect/platform"
import { Effect, Match } from "effect"

export type OrganizersError =
  | Organizers.OrganizerNotFound
  | Organizers.OrganizerAccessDenied
  | Organizers.OrganizerSuspended
  | Organizers.OrganizerConflict
  | Organizers.OrganizerStateConflict
  | Organizers.TeamMemberNotFound
  | Organizers.LastOwner
  | Organizers.StaffTaskNotFound
  | Organizers.StaffTaskIllegalTransition
  | Organizers.DeclarationTemplateNotFound
  | Organizers.DeclarationTemplateActive
  | Organizers.DeclarationIncomplete
  | Organizers.GstTemplateNotFound
  | Organizers.GstDeclarationNotFound
  | Organizers.GstStateConflict
  | Organizers.CrewJoinCodeNotFound
  | Organizers.CrewJoinCodeUnusable

const toPublic = Match.type<OrganizersError>().pipe(Match.tagsExhaustive({
  OrganizerNotFound: (e) => new NotFound({ message: e.message }),
  OrganizerAccessDenied: () => new Forbidden({ message: "Access Denied" }),
  OrganizerSuspended: (e) => new Forbidden({ code: "ORGANIZER_SUSPENDED", message: e.message }),
  OrganizerConflict: (e) => new Conflict({ code: "ORGANIZER_CONFLICT", message: e.message }),
  // Preconditions of the caller (not of the organizer's state) are 400/403, the rest 409.
  OrganizerStateConflict: (e) =>
    e.code === "VERIFIED_PHONE_REQUIRED"
      ? new BadRequest({ code: e.code, message: e.message })
      : e.code === "ATHLETES_ONLY" || e.code === "OWNER_REQUIRED"
      ? new Forbidden({ code: e.code, message: e.message })
      : new Conflict({ code: e.code, message: e.message }),
  TeamMemberNotFound: (e) => new NotFound({ message: e.message }),
  LastOwner: (e) => new Conflict({ code: "LAST_OWNER", message: e.message }),
  StaffTaskNotFound: (e) => new NotFound({ message: e.message }),
  StaffTaskIllegalTransition: (e) => new Conflict({ code: "STAFF_TASK_ILLEGAL_TRANSITION", message: e.message }),
  DeclarationTemplateNotFound: (e) => new NotFound({ message: e.message }),
  DeclarationTemplateActive: (e) => new Conflict({ code: "TEMPLATE_ACTIVE", message: e.message }),
  DeclarationIncomplete: (e) => new Conflict({ code: "DECLARATION_INCOMPLETE", message: e.message }),
  GstTemplateNotFound: (e) => new NotFound({ message: e.message }),
  GstDeclarationNotFound: (e) => new NotFound({ message: e.message }),
  GstStateConflict: (e) => new Conflict({ code: e.code, message: e.message }),
  CrewJoinCodeNotFound: (e) => new NotFound({ message: e.message }),
  CrewJoinCodeUnusable: (e) => new Conflict({ code: `JOIN_CODE_${e.status}`, message: e.message })
}))

const Tags: Record<OrganizersError["_tag"], true> = {
  OrganizerNotFound: true,
  OrganizerAccessDenied: true,
  OrganizerSuspended: true,
  OrganizerConflict: true,
  OrganizerStateConflict: true,
  TeamMemberNotFound: true,
  LastOwner: true,
  StaffTaskNotFound: true,
  StaffTaskIllegalTransition: true,
  DeclarationTemplateNotFound: true,
  DeclarationTemplateActive: true,
  DeclarationIncomplete: true,
  GstTemplateNotFound: true,
  GstDeclarationNotFound: true,
  GstStateConflict: true,
  CrewJoinCodeNotFound: true,
  CrewJoinCodeUnusable: true
}

const isTagged = (e: unknown): e is { readonly _tag: string } => typeof e === "object" && e !== null && "_tag" in e

/** Maps organizers errors of `effect` to public errors. */
export const organizerErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(effect, (e): e is Extract<E, OrganizersError> => isTagged(e) && e._tag in Tags, (e) => Effect.fail(toPublic(e as OrganizersError)))

/**
 * Answers input failures found after decoding (file types and sizes, `links` JSON, list query) as
 * the validation 400 with its message list, exactly like a schema failure.
 */
export const inputErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (e): e is Extract<E, Organizers.OrganizerInputInvalid | Platform.ListQueryInvalid> =>
      isTagged(e) && (e._tag === "OrganizerInputInvalid" || e._tag === "ListQueryInvalid"),
    (e) => Effect.succeed(HttpServerResponse.unsafeJson(validationBody((e as { messages: ReadonlyArray<string> }).messages), { status: 400 }))
  )

/** Shipping provider outcomes (pickup addresses): not configured or unreachable is the platform's 503; a refusal is the caller's 400. */
export type ShippingError = Organizers.ShippingProviderNotConfigured | Organizers.ShippingProviderRejected | Organizers.ShippingProviderUnavailable

const shippingToPublic = Match.type<ShippingError>().pipe(Match.tagsExhaustive({
  ShippingProviderNotConfigured: (e) => new ServiceUnavailable({ code: "SHIPPING_PROVIDER_NOT_CONFIGURED", message: e.message }),
  ShippingProviderRejected: (e) => new BadRequest({ code: "SHIPPING_PROVIDER_REJECTED", message: e.message }),
  ShippingProviderUnavailable: (e) => new ServiceUnavailable({ code: "SHIPPING_PROVIDER_UNAVAILABLE", message: e.message })
}))

const ShippingTags: Record<ShippingError["_tag"], true> = {
  ShippingProviderNotConfigured: true,
  ShippingProviderRejected: true,
  ShippingProviderUnavailable: true
}

/** Maps shipping provider errors of `effect` to public errors. */
export const shippingErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(effect, (e): e is Extract<E, ShippingError> => isTagged(e) && e._tag in ShippingTags, (e) => Effect.fail(shippingToPublic(e as ShippingError)))
