/** What the registrations handlers share: the booking answer and the actor of an organizer's request. */
import type { OrganizerAccessShape } from "@podium/contracts/common"
import type { Accounts, Activities, Events, Identity, Media, Notifications, Organizers, Payments, Platform, Registrations, Results } from "@podium/core"

/** A booking as the contract answers it: the participation, its participants, the payment session if any. */
export const bookingView = (booking: Registrations.Booking, payment: Payments.CheckoutSession | null = null) => ({ ...booking.participation, participants: booking.participants, payment })

/** The organizer and the actor (`organizer:<memberId>`, or `admin:<accountId>` for a platform admin) of a guarded request. */
export const organizerActor = (access: OrganizerAccessShape): Registrations.OrganizerActor => ({
  organizerId: access.organizerId,
  actor: access.memberId !== null ? `organizer:${access.memberId}` : `admin:${access.principal.accountId}`
})

/** What the registrations use cases need from the host. */
export type RegistrationHandlerServices =
  | Registrations.ParticipationRepo
  | Registrations.CheckInRepo
  | Registrations.WaitlistRepo
  | Registrations.SelfServiceConfigRepo
  | Registrations.TransferRepo
  | Registrations.DeferralRepo
  | Registrations.WaiverRepo
  | Registrations.WaveRepo
  | Registrations.BibRepo
  | Registrations.FormUploadRepo
  | Registrations.BookingAddOnRepo
  | Events.EventAddOnRepo
  | Events.EventCouponRepo
  | Media.BlobStore
  | Activities.AntiCheatRepo
  | Results.ResultsRepo
  | Organizers.PdfRenderer
  | Accounts.UserRepo
  | Events.EventRepo
  | Events.EventInventoryRepo
  | Identity.SecureRandom
  | Identity.Hmac
  | Payments.PaymentGateway
  | Payments.PaymentOrderRepo
  | Payments.RefundRepo
  | Platform.Transactor
  | Platform.AuditLog
  | Notifications.OutboxRepo
  | Notifications.RetryPolicyRepo
