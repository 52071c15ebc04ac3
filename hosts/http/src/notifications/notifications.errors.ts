/**
 * The single place where notification outcomes get their public meaning (A 3, B "Notifications").
 * A new error in the union breaks the build here.
 */
import { BadRequest, Conflict, NotFound, ServiceUnavailable, TooManyRequests } from "@podium/contracts/common"
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
  | Notifications.SystemNotificationInvalid
  | Notifications.PromotionTemplateInvalid
  | Notifications.TemplateRecordInvalid
  | Notifications.PreferenceTypeUnknown
  | Notifications.PreferenceTypeLocked
  | Notifications.RecipientFileInvalid
  | Notifications.RecipientListNotFound
  | Notifications.PromotionCurrencyMismatch
  | Notifications.NoPreviousProviderMapping
  | Notifications.OrganizerTemplateUnavailable
  | Notifications.NoEligibleRecipients
  | Notifications.NoProviderMapping
  | Notifications.DeliveryFailed

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
  MappingTemplateMissing: (e) => new BadRequest({ code: "MAPPING_TEMPLATE_MISSING", message: e.message }),
  SystemNotificationInvalid: (e) => new BadRequest({ code: "SYSTEM_NOTIFICATION_INVALID", message: e.message }),
  PromotionTemplateInvalid: (e) => new BadRequest({ code: "PROMOTION_TEMPLATE_INVALID", message: e.message }),
  TemplateRecordInvalid: (e) => new BadRequest({ code: "TEMPLATE_RECORD_INVALID", message: e.message }),
  PreferenceTypeUnknown: (e) => new NotFound({ code: "PREFERENCE_TYPE_NOT_FOUND", message: e.message }),
  PreferenceTypeLocked: (e) => new BadRequest({ code: "PREFERENCE_TYPE_LOCKED", message: e.message }),
  RecipientFileInvalid: (e) => new BadRequest({ code: "RECIPIENT_FILE_INVALID", message: e.message }),
  RecipientListNotFound: (e) => new NotFound({ code: "RECIPIENT_LIST_NOT_FOUND", message: `No recipient list ${e.id}` }),
  PromotionCurrencyMismatch: (e) => new Conflict({ code: "CURRENCY_MISMATCH", message: e.message }),
  NoPreviousProviderMapping: (e) => new Conflict({ code: "NO_PREVIOUS_MAPPING", message: e.message }),
  NoProviderMapping: (e) => new Conflict({ code: "NO_PROVIDER_MAPPING", message: e.message }),
  // The provider refused or failed a template operation: not our outage, but nothing we can do now.
  DeliveryFailed: (e) => new ServiceUnavailable({ code: "PROVIDER_FAILED", message: e.message }),
  OrganizerTemplateUnavailable: (e) => new NotFound({ code: "TEMPLATE_NOT_AVAILABLE", message: `Template ${e.templateId} ${e.reason}` }),
  NoEligibleRecipients: () =>
    new BadRequest({ code: "NO_ELIGIBLE_RECIPIENTS", message: "No recipient is eligible after the unsubscribe and preference filters" })
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
  MappingTemplateMissing: true,
  SystemNotificationInvalid: true,
  PromotionTemplateInvalid: true,
  TemplateRecordInvalid: true,
  PreferenceTypeUnknown: true,
  PreferenceTypeLocked: true,
  RecipientFileInvalid: true,
  RecipientListNotFound: true,
  PromotionCurrencyMismatch: true,
  NoPreviousProviderMapping: true,
  OrganizerTemplateUnavailable: true,
  NoEligibleRecipients: true,
  NoProviderMapping: true,
  DeliveryFailed: true
}

/** Maps the notification errors of `effect` to public errors. */
export const notificationErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (e): e is Extract<E, NotificationsError> => typeof e === "object" && e !== null && "_tag" in e && (e._tag as string) in Tags,
    (e) => Effect.fail(toPublic(e as NotificationsError))
  )

/** The organizer quota outcome of a paid send (only groups declaring 429 use it). */
export const quotaErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (e): e is Extract<E, Notifications.NotificationQuotaExceeded> =>
      typeof e === "object" && e !== null && "_tag" in e && e._tag === "NotificationQuotaExceeded",
    (e) => {
      const q = e as Notifications.NotificationQuotaExceeded
      return Effect.fail(new TooManyRequests({
        code: "QUOTA_EXCEEDED",
        message: `The ${q.window} quota of ${q.limit} recipients would be exceeded (${q.used} used, ${q.requested} requested)`
      }))
    }
  )
