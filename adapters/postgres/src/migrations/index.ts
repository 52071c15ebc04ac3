/**
 * The one ordered, forward-only migration stream. Ids are small sequential integers (the Migrator
 * stores them as int4 and silently skips ids lower than the newest applied one, which is why
 * scripts/check-migration-ids.mjs fails CI on an id not above main's highest). One Postgres schema
 * per context: `platform.jobs`, `clubs.kyc_cases`…
 */
import * as Migrator from "@effect/sql/Migrator"
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Effect, Schema } from "effect"
import { rowsOf } from "../rows.pg.js"
import platformJobs from "./0001_platform_jobs.js"
import accounts from "./0002_accounts.js"
import organizersMembers from "./0003_organizers_members.js"
import identitySessions from "./0004_identity_sessions.js"
import notificationsOutbox from "./0005_notifications_outbox.js"
import platformAuditLog from "./0006_platform_audit_log.js"
import identitySecondFactors from "./0007_identity_second_factors.js"
import identityProviders from "./0008_identity_providers.js"
import accountsAdminPermissions from "./0009_accounts_admin_permissions.js"
import notificationsAdmin from "./0010_notifications_admin.js"
import organizersAccounts from "./0011_organizers_accounts.js"
import challengesBadgeRequests from "./0012_challenges_badge_requests.js"
import organizersKyc from "./0013_organizers_kyc.js"
import organizersDeclarations from "./0014_organizers_declarations.js"
import notificationsTemplates from "./0015_notifications_templates.js"
import notificationsInboxWallets from "./0016_notifications_inbox_wallets.js"
import compliance from "./0017_compliance.js"
import search from "./0018_search.js"
import clubs from "./0019_clubs.js"
import wallets from "./0020_wallets.js"
import payments from "./0021_payments.js"
import notificationsExtras from "./0022_notifications_extras.js"
import opsExtras from "./0023_ops_extras.js"
import clubsKyc from "./0024_clubs_kyc.js"
import clubsTiers from "./0025_clubs_tiers.js"
import clubsMoney from "./0026_clubs_money.js"
import clubsCommunity from "./0027_clubs_community.js"
import clubsRuns from "./0028_clubs_runs.js"
import clubsContent from "./0029_clubs_content.js"
import clubsGamification from "./0030_clubs_gamification.js"
import notificationWalletLedger from "./0032_notification_wallet_ledger.js"
import eventsCategories from "./0033_events_categories.js"
import eventsCore from "./0034_events_core.js"
import challenges from "./0040_challenges.js"
import activities from "./0045_activities.js"
import eventsConfig from "./0050_events_config.js"
import registrations from "./0055_registrations.js"
import results from "./0070_results.js"
import certificates from "./0071_results_certificates.js"
import challengesProgressBadges from "./0075_challenges_progress_badges.js"
import challengesFulfillment from "./0076_challenges_fulfillment.js"
import challengesBibTemplates from "./0077_challenges_bib_templates.js"
import challengesEvents from "./0078_challenges_events.js"
import challengesAudiences from "./0079_challenges_audiences.js"
import trainingCalendar from "./0080_training_calendar.js"
import trainingPrograms from "./0081_training_programs.js"
import trainingNutrition from "./0082_training_nutrition.js"
import trainingRoutes from "./0083_training_routes.js"
import eventsEditions from "./0084_events_editions.js"
import eventsBrand from "./0085_events_brand.js"
import eventsBibClaimTerms from "./0086_events_bib_claim_terms.js"
import registrationsWaitlistTransfers from "./0087_registrations_waitlist_transfers.js"
import registrationsWaivers from "./0088_registrations_waivers.js"
import registrationsWaves from "./0089_registrations_waves.js"
import registrationsBibs from "./0090_registrations_bibs.js"
import registrationsDigitalBibs from "./0095_registrations_digital_bibs.js"
import registrationsFormUploads from "./0096_registrations_form_uploads.js"
import challengesVideoUploads from "./0103_challenges_video_uploads.js"
import challengesPromoStories from "./0104_challenges_promo_stories.js"
import hybridRaceAttempts from "./0107_hybrid_race_attempts.js"
import challengesPaidEntry from "./0108_challenges_paid_entry.js"
import challengesPromoStoryEngagement from "./0109_challenges_promo_story_engagement.js"
import challengesCharities from "./0110_challenges_charities.js"
import registrationsBookingAddOns from "./0135_registrations_booking_add_ons.js"
import registrationsBookingCoupons from "./0136_registrations_booking_coupons.js"
import registrationsEventAnnouncements from "./0140_registrations_event_announcements.js"
import eventsMasterEvents from "./0150_events_master_events.js"
import resultsPrizes from "./0160_results_prizes.js"
import resultsProofs from "./0170_results_proofs.js"
import resultsSeriesPasses from "./0171_results_series_passes.js"
import trainingCoach from "./0180_training_coach.js"
import challengesRewards from "./0190_challenges_rewards.js"
import hybridRaceResults from "./0200_hybrid_race_results.js"
import hybridRacePhotoChecks from "./0201_hybrid_race_photo_checks.js"
import sponsorsBrands from "./0210_sponsors_brands.js"
import challengesClubBrandEntries from "./0211_challenges_club_brand_entries.js"
import sponsorsSponsorship from "./0230_sponsors_sponsorship.js"
import partners from "./0260_partners.js"
import sponsorsWorkspace from "./0270_sponsors_workspace.js"
import sponsorsCampaigns from "./0271_sponsors_campaigns.js"
import paymentsChargebacks from "./0280_payments_chargebacks.js"
import paymentsRefunds from "./0290_payments_refunds.js"
import challengesRewardPools from "./0291_challenges_reward_pools.js"
import mediaVideoUploads from "./0292_media_video_uploads.js"
import promotionsMobileExperiences from "./0293_promotions_mobile_experiences.js"
import content from "./0300_content.js"
import configurationFlags from "./0310_configuration_flags.js"
import configurationExperiments from "./0311_configuration_experiments.js"
import clubsEventAttachments from "./0330_clubs_event_attachments.js"

/** Every migration, keyed `<id>_<name>`; append only, never edit an applied one. */
export const migrations: Record<string, Effect.Effect<void, unknown, SqlClient.SqlClient>> = {
  "0001_platform_jobs": platformJobs,
  "0002_accounts": accounts,
  "0003_organizers_members": organizersMembers,
  "0004_identity_sessions": identitySessions,
  "0005_notifications_outbox": notificationsOutbox,
  "0006_platform_audit_log": platformAuditLog,
  "0007_identity_second_factors": identitySecondFactors,
  "0008_identity_providers": identityProviders,
  "0009_accounts_admin_permissions": accountsAdminPermissions,
  "0010_notifications_admin": notificationsAdmin,
  "0011_organizers_accounts": organizersAccounts,
  "0012_challenges_badge_requests": challengesBadgeRequests,
  "0013_organizers_kyc": organizersKyc,
  "0014_organizers_declarations": organizersDeclarations,
  "0015_notifications_templates": notificationsTemplates,
  "0016_notifications_inbox_wallets": notificationsInboxWallets,
  "0017_compliance": compliance,
  "0018_search": search,
  "0019_clubs": clubs,
  "0020_wallets": wallets,
  "0021_payments": payments,
  "0022_notifications_extras": notificationsExtras,
  "0023_ops_extras": opsExtras,
  "0024_clubs_kyc": clubsKyc,
  "0025_clubs_tiers": clubsTiers,
  "0026_clubs_money": clubsMoney,
  "0027_clubs_community": clubsCommunity,
  "0028_clubs_runs": clubsRuns,
  "0029_clubs_content": clubsContent,
  "0030_clubs_gamification": clubsGamification,
  "0032_notification_wallet_ledger": notificationWalletLedger,
  "0033_events_categories": eventsCategories,
  "0034_events_core": eventsCore,
  "0040_challenges": challenges,
  "0045_activities": activities,
  "0050_events_config": eventsConfig,
  "0055_registrations": registrations,
  "0070_results": results,
  "0071_results_certificates": certificates,
  "0075_challenges_progress_badges": challengesProgressBadges,
  "0076_challenges_fulfillment": challengesFulfillment,
  "0077_challenges_bib_templates": challengesBibTemplates,
  "0078_challenges_events": challengesEvents,
  "0079_challenges_audiences": challengesAudiences,
  "0080_training_calendar": trainingCalendar,
  "0081_training_programs": trainingPrograms,
  "0082_training_nutrition": trainingNutrition,
  "0083_training_routes": trainingRoutes,
  "0084_events_editions": eventsEditions,
  "0085_events_brand": eventsBrand,
  "0086_events_bib_claim_terms": eventsBibClaimTerms,
  "0087_registrations_waitlist_transfers": registrationsWaitlistTransfers,
  "0088_registrations_waivers": registrationsWaivers,
  "0089_registrations_waves": registrationsWaves,
  "0090_registrations_bibs": registrationsBibs,
  "0095_registrations_digital_bibs": registrationsDigitalBibs,
  "0096_registrations_form_uploads": registrationsFormUploads,
  "0103_challenges_video_uploads": challengesVideoUploads,
  "0104_challenges_promo_stories": challengesPromoStories,
  "0107_hybrid_race_attempts": hybridRaceAttempts,
  "0108_challenges_paid_entry": challengesPaidEntry,
  "0109_challenges_promo_story_engagement": challengesPromoStoryEngagement,
  "0110_challenges_charities": challengesCharities,
  "0135_registrations_booking_add_ons": registrationsBookingAddOns,
  "0136_registrations_booking_coupons": registrationsBookingCoupons,
  "0140_registrations_event_announcements": registrationsEventAnnouncements,
  "0150_events_master_events": eventsMasterEvents,
  "0160_results_prizes": resultsPrizes,
  "0170_results_proofs": resultsProofs,
  "0171_results_series_passes": resultsSeriesPasses,
  "0180_training_coach": trainingCoach,
  "0190_challenges_rewards": challengesRewards,
  "0200_hybrid_race_results": hybridRaceResults,
  "0201_hybrid_race_photo_checks": hybridRacePhotoChecks,
  "0210_sponsors_brands": sponsorsBrands,
  "0211_challenges_club_brand_entries": challengesClubBrandEntries,
  "0230_sponsors_sponsorship": sponsorsSponsorship,
  "0260_partners": partners,
  "0270_sponsors_workspace": sponsorsWorkspace,
  "0271_sponsors_campaigns": sponsorsCampaigns,
  "0280_payments_chargebacks": paymentsChargebacks,
  "0290_payments_refunds": paymentsRefunds,
  "0291_challenges_reward_pools": challengesRewardPools,
  "0292_media_video_uploads": mediaVideoUploads,
  "0293_promotions_mobile_experiences": promotionsMobileExperiences,
  "0300_content": content,
  "0310_configuration_flags": configurationFlags,
  "0311_configuration_experiments": configurationExperiments,
  "0330_clubs_event_attachments": clubsEventAttachments
}

/** The table recording applied migrations. */
export const MigrationsTable = "effect_sql_migrations"

export interface MigrationRef {
  readonly id: number
  readonly name: string
}

const resolved = (): ReadonlyArray<MigrationRef> =>
  Object.keys(migrations)
    .map((key) => /^(\d+)_(.+)$/.exec(key))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ id: Number(m[1]), name: m[2]! }))
    .sort((a, b) => a.id - b.id)

export interface MigrationProgress {
  readonly index: number
  readonly total: number
  readonly migration: MigrationRef
}

const runMigrator = Migrator.make({})

/**
 * Applies pending migrations in one transaction (concurrent runners wait on a table lock), calling
 * `onProgress` before each one; returns the ones applied now.
 */
export const runMigrations = (options: {
  readonly onProgress?: (progress: MigrationProgress) => Effect.Effect<void>
} = {}): Effect.Effect<ReadonlyArray<MigrationRef>, Migrator.MigrationError | SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const pending = (yield* migrationStatus).pending
    const wrapped: Record<string, Effect.Effect<void, unknown, SqlClient.SqlClient>> = {}
    for (const [key, effect] of Object.entries(migrations)) {
      const match = /^(\d+)_(.+)$/.exec(key)
      const index = pending.findIndex((p) => match !== null && p.id === Number(match[1]))
      wrapped[key] = options.onProgress === undefined || index < 0
        ? effect
        : Effect.zipRight(
          options.onProgress({ index, total: pending.length, migration: pending[index]! }),
          effect
        )
    }
    const applied = yield* runMigrator({ loader: Migrator.fromRecord(wrapped), table: MigrationsTable })
    return applied.map(([id, name]) => ({ id, name }))
  }).pipe(Effect.withSpan("postgres.runMigrations"))

export interface MigrationStatus {
  readonly applied: ReadonlyArray<MigrationRef & { readonly appliedAt: Date }>
  /** Known migrations the next run will apply. */
  readonly pending: ReadonlyArray<MigrationRef>
  /** Known migrations below the newest applied id that were never applied: the Migrator will never run them. */
  readonly skipped: ReadonlyArray<MigrationRef>
}

/** A `select … is not null as present` row. */
const Presence = Schema.Struct({ present: Schema.Boolean })
const presence = rowsOf(Presence)

const AppliedRow = Schema.Struct({ migrationId: Schema.Number, name: Schema.String, createdAt: Schema.DateFromSelf })
const appliedRows = rowsOf(AppliedRow)

/** Applied, pending and (never-to-run) skipped migrations of the connected database. */
export const migrationStatus: Effect.Effect<MigrationStatus, SqlError, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const exists = yield* Effect.flatMap(sql`
    select to_regclass(${MigrationsTable}::text) is not null as present`, presence.decode)
  const rows = exists[0]?.present === true
    ? yield* Effect.flatMap(sql`
        select migration_id, name, created_at from ${sql(MigrationsTable)} order by migration_id`, appliedRows.decode)
    : []
  const appliedIds = new Set(rows.map((r) => r.migrationId))
  const latest = rows.reduce((max, r) => Math.max(max, r.migrationId), 0)
  const known = resolved().filter((m) => !appliedIds.has(m.id))
  return {
    applied: rows.map((r) => ({ id: r.migrationId, name: r.name, appliedAt: r.createdAt })),
    pending: known.filter((m) => m.id > latest),
    skipped: known.filter((m) => m.id <= latest)
  }
})
