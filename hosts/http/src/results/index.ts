/** The results context's HTTP handlers: the layers the host's area list provides. */
// biome-ignore lint/correctness/noUnusedImports: the declaration emitter names the list's port types through these namespaces
import type { Accounts, Activities, Challenges, Events, HybridRace, Identity, Media, Organizers, Platform, Registrations, Results, Wallets } from "@podium/core"
import { CertificatesHandlers } from "./certificates.handlers.js"
import { EventResultsHandlers } from "./event-results.handlers.js"
import { LeaderboardsHandlers } from "./leaderboards.handlers.js"
import { AttestationHandlers, CharityReceiptHandlers, FinisherCardHandlers, MedalsHandlers, ProfileCardsHandlers } from "./medals.handlers.js"
import { CertificateVerifyHandlers, MyCertificatesHandlers } from "./my-certificates.handlers.js"
import { AdminPrizeContributionsHandlers, OrganizerPrizesHandlers, PublicPrizesHandlers } from "./prizes.handlers.js"
import { ActionCenterHandlers, AdminProofsHandlers, OrganizerSeriesPassesHandlers, SeriesPassesHandlers } from "./proofs.handlers.js"

export const handlers = [LeaderboardsHandlers, EventResultsHandlers, CertificatesHandlers, MyCertificatesHandlers, CertificateVerifyHandlers, MedalsHandlers, ProfileCardsHandlers, FinisherCardHandlers, AttestationHandlers, CharityReceiptHandlers, PublicPrizesHandlers, OrganizerPrizesHandlers, AdminPrizeContributionsHandlers, AdminProofsHandlers, ActionCenterHandlers, SeriesPassesHandlers, OrganizerSeriesPassesHandlers] as const
