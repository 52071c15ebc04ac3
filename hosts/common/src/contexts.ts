/**
 * The bounded contexts every host assembles, in dependency order: a context may use the services
 * of those listed before it. Adding a context to the hosts is one line here.
 */
// biome-ignore lint/correctness/noUnusedImports: the declaration emitter names the list's port types through these namespaces
import type { Activities, Challenges, Configuration, Content, Events, HybridRace, Media, Organizers, Partners, Payments, Platform, Promotions, Registrations, Results, Sponsors, Training, Wallets } from "@podium/core"
import { activitiesContext } from "./activities.js"
import { chargebacksContext } from "./chargebacks.js"
import { challengesContext } from "./challenges.js"
import { clubsContext } from "./clubs.js"
import { clubAttachmentsContext } from "./club-attachments.js"
import { complianceContext } from "./compliance.js"
import { contentContext } from "./content.js"
import { configurationContext } from "./configuration.js"
import { editionsContext } from "./editions.js"
import { eventsContext } from "./events.js"
import type { ServicesOf } from "./host-context.js"
import { hybridRaceContext } from "./hybrid-race.js"
import { identityContext } from "./identity.js"
import { mediaContext } from "./media.js"
import { notificationsContext } from "./notifications.js"
import { organizersContext } from "./organizers.js"
import { organizerAnalyticsContext } from "./organizer-analytics.js"
import { partnersContext } from "./partners.js"
import { paymentsContext } from "./payments.js"
import { platformContext } from "./platform-context.js"
import { promotionsContext } from "./promotions.js"
import { registrationsContext } from "./registrations.js"
import { resultsContext } from "./results.js"
import { sponsorsContext } from "./sponsors.js"
import { sponsorWorkspaceContext } from "./sponsor-workspace.js"
import { trainingContext } from "./training.js"
import { walletsContext } from "./wallets.js"

export const HostContexts = [
  platformContext,
  identityContext,
  notificationsContext,
  organizersContext,
  // Before events and challenges: their galleries and promo stories claim video uploads.
  mediaContext,
  eventsContext,
  complianceContext,
  paymentsContext,
  chargebacksContext,
  walletsContext,
  // Before challenges: brand challenges are created by brand accounts.
  sponsorsContext,
  sponsorWorkspaceContext,
  challengesContext,
  clubsContext,
  clubAttachmentsContext,
  activitiesContext,
  trainingContext,
  registrationsContext,
  resultsContext,
  hybridRaceContext,
  // After events, registrations, clubs and hybrid race: its memory twin reads their repositories.
  organizerAnalyticsContext,
  editionsContext,
  // After organizers and clubs: partners are organizers or clubs.
  partnersContext,
  // Destinations name events, challenges and clubs (read at request time, not at build time).
  promotionsContext,
  contentContext,
  // After identity: the flag population reads the athletes.
  configurationContext
] as const

/** Everything the listed contexts provide to a host. */
export type ContextServices = ServicesOf<typeof HostContexts>
