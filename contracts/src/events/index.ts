/** Area API "events": organizers, events, slots, tickets, registrations, check-in, results. Groups are added as their capabilities are built. */
import { AreaApi } from "../common/index.js"
import { DeclarationFormGroup, DeclarationTemplatesGroup } from "./declarations.group.js"
import { OrganizerKycGroup } from "./kyc.group.js"
import { GstDeclarationGroup, GstDeclarationsAdminGroup, GstTemplatesGroup } from "./gst.group.js"
import { CrewJoinCodesGroup, CrewJoinGroup } from "./crew-join-codes.group.js"
import { EventCategoriesGroup } from "./event-categories.group.js"
import { OrganizerBrandGroup, PublicBrandGroup } from "./brand.group.js"
import { AdminEditionsGroup, EditionRegistrationsGroup, EditionsWebhookGroup, MasterEventsWebhookGroup, OrganizerEditionsGroup, PublicEditionsGroup } from "./editions.group.js"
import { BibClaimTermsGroup } from "./bib-claim-terms.group.js"
import { AdminEventBadgeGroup } from "./event-badge.group.js"
import { AdminMasterEventsGroup, MasterEventMembershipGroup, PublicMasterEventsGroup } from "./master-events.group.js"
import { AdminHybridRaceGroup, HybridRaceGroup, HybridRacePublicGroup } from "./hybrid-race.group.js"
import { AdminEventBookingsGroup } from "./events-oversight-reads.group.js"
import { EventAnnouncementsGroup } from "./event-announcements.group.js"
import { EventCoversGroup, EventRosterGroup } from "./event-covers.group.js"
import { EventBookmarksGroup, EventReviewGroup, EventSlotsGroup, EventsOversightGroup, EventTicketsGroup, OrganizerEventsGroup, PublicEventsGroup } from "./events.group.js"
import { EventAddOnsGroup, EventCommunicationsGroup, EventCouponsGroup, EventCourseGroup, EventFaqsGroup, EventFormsGroup, EventGalleryGroup, EventVideoUploadsGroup } from "./event-config.group.js"
import { MediaGroup } from "./media.group.js"
import { AdminMobileExperiencesGroup, MyPromotionsGroup, OrganizerMobilePromotionsGroup } from "./mobile-experiences.group.js"
import { OrganizationsGroup } from "./organizations.group.js"
import { OrganizerTeamGroup } from "./organizer-team.group.js"
import { OrganizerAnalyticsGroup, OrganizerPortalAnalyticsGroup } from "./organizer-analytics.group.js"
import { OrganizerStaffTasksGroup } from "./organizer-staff-tasks.group.js"
import { OrganizerShippingGroup } from "./organizer-shipping.group.js"
import { OrganizersGroup } from "./organizers.group.js"
import { OrganizerOversightGroup } from "./oversight.group.js"
import { OrganizerVerificationGroup } from "./verification.group.js"

export * from "./declarations.group.js"
export * from "./kyc.group.js"
export * from "./gst.group.js"
export * from "./crew-join-codes.group.js"
export * from "./event-categories.group.js"
export * from "./mobile-experiences.group.js"
export * from "./editions.group.js"
export * from "./master-events.group.js"
export * from "./event-badge.group.js"
export * from "./brand.group.js"
export * from "./bib-claim-terms.group.js"
export * from "./events-oversight-reads.group.js"
export * from "./event-announcements.group.js"
export * from "./event-covers.group.js"
export * from "./events.group.js"
export * from "./event-config.group.js"
export * from "./media.group.js"
export * from "./organizations.group.js"
export * from "./organizer-team.group.js"
export * from "./organizer-analytics.group.js"
export * from "./organizer-staff-tasks.group.js"
export * from "./organizer-shipping.group.js"
export * from "./organizer.dto.js"
export * from "./organizers.group.js"
export * from "./oversight.group.js"
export * from "./verification.group.js"
export * from "./hybrid-race.group.js"

export class EventsApi extends AreaApi
  .add(EventCategoriesGroup)
  .add(MediaGroup)
  .add(OrganizersGroup)
  .add(OrganizationsGroup)
  .add(OrganizerTeamGroup)
  .add(OrganizerAnalyticsGroup)
  .add(OrganizerPortalAnalyticsGroup)
  .add(OrganizerStaffTasksGroup)
  .add(OrganizerShippingGroup)
  .add(OrganizerKycGroup)
  .add(OrganizerOversightGroup)
  .add(OrganizerVerificationGroup)
  .add(DeclarationTemplatesGroup)
  .add(DeclarationFormGroup)
  .add(GstTemplatesGroup)
  .add(GstDeclarationsAdminGroup)
  .add(GstDeclarationGroup)
  .add(CrewJoinCodesGroup)
  .add(CrewJoinGroup)
  .add(PublicEventsGroup)
  .add(OrganizerEventsGroup)
  .add(EventSlotsGroup)
  .add(EventTicketsGroup)
  .add(EventBookmarksGroup)
  .add(EventReviewGroup)
  .add(EventsOversightGroup)
  .add(EventAddOnsGroup)
  .add(EventCouponsGroup)
  .add(EventCourseGroup)
  .add(EventFaqsGroup)
  .add(EventFormsGroup)
  .add(EventGalleryGroup)
  .add(EventVideoUploadsGroup)
  .add(AdminMobileExperiencesGroup)
  .add(MyPromotionsGroup)
  .add(OrganizerMobilePromotionsGroup)
  .add(EventCommunicationsGroup)
  .add(PublicEditionsGroup)
  .add(EditionRegistrationsGroup)
  .add(OrganizerEditionsGroup)
  .add(AdminEditionsGroup)
  .add(EditionsWebhookGroup)
  .add(OrganizerBrandGroup)
  .add(PublicBrandGroup)
  .add(MasterEventsWebhookGroup)
  .add(PublicMasterEventsGroup)
  .add(MasterEventMembershipGroup)
  .add(AdminMasterEventsGroup)
  .add(AdminEventBadgeGroup)
  .add(BibClaimTermsGroup)
  .add(AdminEventBookingsGroup)
  .add(EventAnnouncementsGroup)
  .add(EventCoversGroup)
  .add(EventRosterGroup)
  .add(HybridRaceGroup)
  .add(HybridRacePublicGroup)
  .add(AdminHybridRaceGroup) {}
