/**
 * The single place where notification outcomes get their public meaning (A 3, B "Notifications").
 * A new error in the union breaks the build here.
 */
import { BadRequest, Conflict, NotFound, ServiceUnavailable } from "@podium/contracts/common"
import type { Notifications } from "@podium/core"
import { Effect, Match } from "effect"

export type NotificationsError =
  | Notifications.OutboxMessageNotFound
  | Notifications.OutboxRetryConflict
  | Notifications.TooManyOutboxIds
  | Notifications.RedriveStatusNotAllowed
  | Notifications.NotificationLogNotFound
  | Notifications.NotificationLogNotFailed
  | Notifications.PushResendUnsupported
  | Notifications.TemplateNotFound
  | Notifications.TemplateVariableMissing
  | Notifications.NotificationContentMissing
  | Notifications.ProviderNotConfigured
  | Notifications.CatalogTemplateNotFound
  | Notifications.TemplateKeyTaken
  | Notifications.TemplateVersionNotFound
  | Notifications.TemplateContentInvalid
  | Notifications.MappingTemplateMissing

const toPublic = Match.type<NotificationsError>().pipe(Match.tagsExhaustive({
  OutboxMessageNotFound: (e) => new NotFound({ message: `No outbox message ${e.id}` }),
  // The spec: retrying a SENT or PROCESSING row answers 409 (A 3, B Outbox).
  OutboxRetryConflict: (e) => new Conflict({ code: e.code, message: e.message }),
  TooManyOutboxIds: (e) => new BadRequest({ code: "TOO_MANY_IDS", message: e.message }),
  RedriveStatusNotAllowed: (e) => new BadRequest({ message: `status ${e.message}` }),
  NotificationLogNotFound: (e) => new NotFound({ message: `No notification log ${e.id}` }),
  NotificationLogNotFailed: (e) => new Conflict({ code: e.code, message: e.message }),
  // The spec says PUSH resend is "unsupported" without a status; a request the operation can never
  // honour for this row is a 400 with a clear message, unlike the state conflict above.
  PushResendUnsupported: (e) => new BadRequest({ code: e.code, message: `${e.message} (device tokens rotate; send a new notification instead)` }),
  TemplateNotFound: (e) => new NotFound({ code: "TEMPLATE_NOT_FOUND", message: e.message }),
  TemplateVariableMissing: (e) => new BadRequest({ code: "TEMPLATE_VARIABLES_MISSING", message: `variables must include ${e.missing.join(", ")} (${e.message})` }),
  NotificationContentMissing: (e) => new BadRequest({ message: e.message }),
  ProviderNotConfigured: (e) => new ServiceUnavailable({ code: "PROVIDER_NOT_CONFIGURED", message: e.message }),
  CatalogTemplateNotFound: (e) => new NotFound({ message: e.message }),
  TemplateKeyTaken: (e) => new Conflict({ code: "TEMPLATE_KEY_TAKEN", message: e.message }),
  TemplateVersionNotFound: (e) => new NotFound({ code: "TEMPLATE_VERSION_NOT_FOUND", message: e.message }),
  TemplateContentInvalid: (e) => new BadRequest({ code: "TEMPLATE_CONTENT_INVALID", message: e.message }),
  MappingTemplateMissing: (e) => new BadRequest({ code: "MAPPING_TEMPLATE_MISSING", message: e.message })
}))

const Tags: Record<NotificationsError["_tag"], true> = {
  OutboxMessageNotFound: true,
  OutboxRetryConflict: true,
  TooManyOutboxIds: true,
  RedriveStatusNotAllowed: true,
  NotificationLogNotFound: true,
  NotificationLogNotFailed: true,
  PushResendUnsupported: true,
  TemplateNotFound: true,
  TemplateVariableMissing: true,
  NotificationContentMissing: true,
  ProviderNotConfigured: true,
  CatalogTemplateNotFound: true,
  TemplateKeyTaken: true,
  TemplateVersionNotFound: true,
  TemplateContentInvalid: true,
  MappingTemplateMissing: true
}

/** Maps the notification errors of `effect` to public errors. */
export const notificationErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (e): e is Extract<E, NotificationsError> => typeof e === "object" && e !== null && "_tag" in e && (e._tag as string) in Tags,
    (e) => Effect.fail(toPublic(e as NotificationsError))
  )
