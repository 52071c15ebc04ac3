/**
 * Every context's personal-data section on Postgres (the compliance registry, core
 * compliance.port.ts `PersonalDataSection`): what the export shows, what erasure scrambles at once
 * and what the tick hard-deletes. Order matters: the accounts section runs last, so the others can
 * still find rows by the user's old phone/e-mail while scrambling. Money and tax records (the
 * organizer notification wallet, GST declarations) are de-identified in `scramble` and kept by
 * `hardDelete`, never deleted (Indian GST and income-tax law keep books for 6-8 years).
 * A context that adds tables holding a user's data adds its section here. The clubs, wallets and
 * payments contexts contribute their sections from their own folders (clubs/clubs-personal-data.pg.ts,
 * wallets/wallets-personal-data.pg.ts, payments/payments-personal-data.pg.ts), each with its decision
 * table (export / scrub at the request / delete at the tick / retain de-identified). Summary:
 * - clubs: memberships, follows/mutes/blocks, invites addressed to them, RSVPs, attendance, tier
 *   memberships, open checkouts, points, members-of-the-month and awards are deleted at the tick;
 *   the sole-owned club's KYC loses its sealed bank number, documents and names at the request (PAN,
 *   IFSC and last four digits are kept for tax); paid checkouts, RC grant and payout requests,
 *   authored announcements and the club records they created are kept with the user's id replaced
 *   (null, or the nil "erased" UUID where the column is NOT NULL); an owned club passes to the
 *   longest-standing other OWNER, else ADMIN, else is deactivated with reason "owner erased".
 * - wallets: the ledger is never deleted nor re-valued (it stays balanced); the user's own accounts
 *   are re-keyed to `erased-<id>` and the user id leaves transfer metadata and idempotency keys.
 * - payments: orders and payments are retained; personal notes and the payer's contact fields in
 *   stored webhook payloads go at the request, the links to the user id at the tick.
 * The clubs, wallets and payments sections run before accounts (they read the old identifiers).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Compliance } from "@podium/core"
import { Effect, Layer } from "effect"
import { ClubsPersonalDataSection } from "../clubs/clubs-personal-data.pg.js"
import { PaymentsPersonalDataSection } from "../payments/payments-personal-data.pg.js"
import { AuditLogPg } from "../platform/audit-log.pg.js"
import { WalletsPersonalDataSection } from "../wallets/wallets-personal-data.pg.js"

const ErasedRecipient = "erased"

export const PersonalDataSectionsPg = Layer.effect(
  Compliance.PersonalDataSections,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const oldIdentifiers = (userId: string) =>
      sql`(select phone_number from accounts.users where id = ${userId} and phone_number is not null
           union select email from accounts.users where id = ${userId} and email is not null)`

    const consent: Compliance.PersonalDataSection = {
      name: "consent",
      export: (userId) =>
        Effect.all({
          current: sql`select purpose, granted, updated_at from compliance.consents where user_id = ${userId} order by purpose`,
          history: sql`select purpose, granted, source, created_at from compliance.consent_events where user_id = ${userId} order by seq`
        }).pipe(Effect.orDie),
      // Consent rows hold no identifying values: they stay as the record of what was agreed.
      scramble: () => Effect.void,
      hardDelete: (userId) =>
        Effect.all([
          sql`delete from compliance.consents where user_id = ${userId}`,
          sql`delete from compliance.consent_events where user_id = ${userId}`
        ]).pipe(Effect.orDie, Effect.asVoid)
    }

    const identity: Compliance.PersonalDataSection = {
      name: "identity",
      export: (userId) =>
        Effect.all({
          sessions: sql`
            select id, role, created_at, last_used_at, revoked_at, revoke_reason, user_agent, ip
            from identity.sessions where account_kind = 'user' and account_id = ${userId} order by created_at`,
          linkedIdentities: sql`
            select provider, subject, email, created_at from identity.linked_identities
            where account_kind = 'user' and account_id = ${userId} order by created_at`,
          verifiedEmails: sql`
            select email, verified_at from identity.verified_emails where account_kind = 'user' and account_id = ${userId}`,
          passkeys: sql`
            select id, name, device_type, created_at, last_used_at from identity.passkeys
            where account_kind = 'user' and account_id = ${userId}`
        }).pipe(Effect.orDie),
      scramble: (userId) =>
        Effect.all([
          sql`update identity.sessions set user_agent = null, ip = null where account_kind = 'user' and account_id = ${userId}`,
          sql`delete from identity.linked_identities where account_kind = 'user' and account_id = ${userId}`,
          sql`delete from identity.verified_emails where account_kind = 'user' and account_id = ${userId}`,
          sql`delete from identity.email_verification_tokens where account_kind = 'user' and account_id = ${userId}`,
          sql`update identity.passkeys set name = null where account_kind = 'user' and account_id = ${userId}`
        ]).pipe(Effect.orDie, Effect.asVoid),
      hardDelete: (userId) =>
        Effect.all([
          sql`delete from identity.sessions where account_kind = 'user' and account_id = ${userId}`,
          sql`delete from identity.passkeys where account_kind = 'user' and account_id = ${userId}`,
          sql`delete from identity.totp_recovery_codes where account_kind = 'user' and account_id = ${userId}`,
          sql`delete from identity.totp_factors where account_kind = 'user' and account_id = ${userId}`
        ]).pipe(Effect.orDie, Effect.asVoid)
    }

    /**
     * Organizers whose only active OWNER is the user: the business is the user's own (a sole
     * proprietorship's PAN, bank account and contact are the person's), so its business records are
     * part of the user's data. Organizers with another owner are a separate party: only the user's
     * membership rows are theirs.
     */
    const soleOwned = (userId: string) =>
      sql`(select m.organizer_id from organizers.members m
           where m.user_id = ${userId} and m.role = 'OWNER' and m.status = 'ACTIVE'
             and not exists (select 1 from organizers.members o where o.organizer_id = m.organizer_id
               and o.role = 'OWNER' and o.status = 'ACTIVE' and o.user_id is distinct from ${userId}))`

    const organizers: Compliance.PersonalDataSection = {
      name: "organizers",
      export: (userId) =>
        Effect.all({
          memberships: sql`
            select id, organizer_id, role, status, name, phone_number, email, created_at
            from organizers.members
            where user_id = ${userId} or phone_number in ${oldIdentifiers(userId)} or email in ${oldIdentifiers(userId)}
            order by created_at`,
          follows: sql`select organizer_id, created_at from organizers.follows where user_id = ${userId} order by created_at`,
          ownedOrganizers: sql`
            select o.id, o.name, o.company_name, o.phone_number, o.email, o.city, o.state, o.approval_status, o.pickup_location, o.created_at
            from organizers.organizers o where o.id in ${soleOwned(userId)} order by o.created_at`,
          businessKyc: sql`
            select organizer_id, status, bank_account_last4, ifsc_code, website_or_app_url, business_description,
              (select coalesce(jsonb_agg(k), '[]'::jsonb) from jsonb_object_keys(documents) k) as documents, submitted_at, reviewed_at
            from organizers.business_kyc where organizer_id in ${soleOwned(userId)}`,
          declarationDetails: sql`
            select organizer_id, details, updated_at from organizers.declaration_details where organizer_id in ${soleOwned(userId)}`,
          gstDeclarations: sql`
            select id, organizer_id, status, template_version, variables, submitted_at, verified_at, created_at
            from organizers.gst_declarations where organizer_id in ${soleOwned(userId)} order by created_at`,
          // The notification wallet is on the ledger (migration 0032): the organizer's account entries.
          notificationWallet: sql`
            select a.owner_id::uuid as organizer_id, e.amount::float8 as amount, t.reason,
              (select ca.owner_type || ':' || ca.owner_id from wallets.entries ce join wallets.accounts ca on ca.id = ce.account_id
                where ce.transfer_id = e.transfer_id and ce.account_id <> e.account_id order by ce.seq limit 1) as counter_account, e.created_at
            from wallets.entries e join wallets.accounts a on a.id = e.account_id join wallets.transfers t on t.id = e.transfer_id
            where a.owner_type = 'organizer' and a.purpose = 'notifications'
              and a.owner_id in (select x.organizer_id::text from ${soleOwned(userId)} x) order by e.seq`,
          pickupAddresses: sql`
            select organizer_id, location_name, contact_name, phone, email, address_line1, address_line2, city, state, pincode, provider, registered_at
            from organizers.pickup_addresses where organizer_id in ${soleOwned(userId)}`
        }).pipe(Effect.orDie),
      // The sole-owned business is de-identified, not dissolved: tax records (GST declarations, the
      // wallet ledger, the declaration's tax identity: PAN, GSTIN, legal name, address) are kept;
      // the signatory keys, the person's contact, bank account
      // number, KYC documents, signatory and pickup contact are removed at once.
      scramble: (userId) =>
        Effect.all([
          sql`
            update organizers.organizers set phone_number = null, email = null, updated_at = now()
            where id in ${soleOwned(userId)} or phone_number in ${oldIdentifiers(userId)} or email in ${oldIdentifiers(userId)}`,
          sql`
            update organizers.business_kyc set bank_account_sealed = null, documents = '{}'::jsonb, updated_at = now()
            where organizer_id in ${soleOwned(userId)}`,
          sql`
            update organizers.declaration_details set details = details - 'signatoryName' - 'signatoryDesignation', updated_at = now()
            where organizer_id in ${soleOwned(userId)}`,
          sql`
            update organizers.pickup_addresses set contact_name = 'Erased', phone = '0000000000', email = null, updated_at = now()
            where organizer_id in ${soleOwned(userId)}`,
          sql`
            update organizers.members set name = null, phone_number = null, email = null, updated_at = now()
            where user_id = ${userId} or phone_number in ${oldIdentifiers(userId)} or email in ${oldIdentifiers(userId)}`
        ]).pipe(Effect.orDie, Effect.asVoid),
      // Memberships and follows go; the sole-owned organizer rows stay de-identified (their tax
      // records reference them), and its pickup address goes (no retention duty).
      hardDelete: (userId) =>
        Effect.all([
          sql`delete from organizers.pickup_addresses where organizer_id in ${soleOwned(userId)}`,
          sql`delete from organizers.members where user_id = ${userId}`,
          sql`delete from organizers.follows where user_id = ${userId}`
        ], { concurrency: 1 }).pipe(Effect.orDie, Effect.asVoid)
    }

    /** Challenge badge requests the user filed (for an organizer or club they manage). */
    const challenges: Compliance.PersonalDataSection = {
      name: "challenges",
      export: (userId) =>
        Effect.all({
          badgeRequests: sql`
            select id, creator_type, creator_id, challenge_id, title, description, status, created_at
            from challenges.badge_requests where requested_by_kind = 'user' and requested_by_id = ${userId} order by created_at`
        }).pipe(Effect.orDie),
      // The request belongs to its creator (organizer or club); only the link to the person goes.
      scramble: (userId) =>
        sql`update challenges.badge_requests set requested_by_id = null, updated_at = now()
            where requested_by_kind = 'user' and requested_by_id = ${userId}`.pipe(Effect.orDie, Effect.asVoid),
      hardDelete: () => Effect.void
    }

    /** Medical information (compliance.medical_info): exported, deleted at once by erasure. */
    const medical: Compliance.PersonalDataSection = {
      name: "medicalInfo",
      export: (userId) =>
        sql`
          select blood_group, allergies, conditions, medications, emergency_contact_name, emergency_contact_phone,
            emergency_contact_relation, updated_at
          from compliance.medical_info where user_id = ${userId}`.pipe(Effect.orDie, Effect.map((rows) => rows[0] ?? null)),
      scramble: (userId) => sql`delete from compliance.medical_info where user_id = ${userId}`.pipe(Effect.orDie, Effect.asVoid),
      hardDelete: (userId) => sql`delete from compliance.medical_info where user_id = ${userId}`.pipe(Effect.orDie, Effect.asVoid)
    }

    const notifications: Compliance.PersonalDataSection = {
      name: "notifications",
      export: (userId) =>
        Effect.all({
          preferences: sql`select channels, categories, updated_at from notifications.preferences where user_id = ${userId}`,
          messages: sql`
            select id, channel, status, recipient, template_key, subject, category, created_at from notifications.outbox
            where user_id = ${userId} or recipient in ${oldIdentifiers(userId)} order by created_at`,
          logs: sql`
            select id, channel, status, recipient, template_key, category, created_at from notifications.logs
            where user_id = ${userId} or recipient in ${oldIdentifiers(userId)} order by created_at`,
          inbox: sql`select id, title, body, category, seen_at, created_at from notifications.inbox where user_id = ${userId} order by created_at`,
          deviceTokens: sql`
            select platform, active, created_at, deactivated_at, right(token, 6) as token_suffix
            from notifications.device_tokens where user_id = ${userId} order by created_at`
        }).pipe(Effect.orDie),
      // Inbox messages (their text may name the person) and push tokens (they identify a device) go at
      // once; organizers' recipient lists stop targeting the user.
      scramble: (userId) =>
        Effect.all([
          sql`delete from notifications.inbox where user_id = ${userId}`,
          sql`delete from notifications.device_tokens where user_id = ${userId}`,
          sql`update notifications.recipient_lists set user_ids = array_remove(user_ids, ${userId}::uuid) where ${userId}::uuid = any(user_ids)`,
          sql`
            update notifications.logs set recipient = ${ErasedRecipient}, variables = '{}'::jsonb, user_id = ${userId}
            where user_id = ${userId} or recipient in ${oldIdentifiers(userId)}`,
          sql`
            update notifications.outbox set recipient = ${ErasedRecipient}, variables = '{}'::jsonb, user_id = ${userId},
              body = case when body is null then null else '[erased]' end, subject = case when subject is null then null else '[erased]' end,
              status = case when status in ('PENDING', 'FAILED') then 'DEAD' else status end,
              last_error = case when status in ('PENDING', 'FAILED') then 'recipient erased' else last_error end
            where user_id = ${userId} or recipient in ${oldIdentifiers(userId)}`
        ]).pipe(Effect.orDie, Effect.asVoid),
      hardDelete: (userId) =>
        Effect.all([
          sql`delete from notifications.logs where user_id = ${userId}`,
          sql`delete from notifications.outbox where user_id = ${userId}`,
          sql`delete from notifications.preferences where user_id = ${userId}`,
          sql`delete from notifications.inbox where user_id = ${userId}`,
          sql`delete from notifications.device_tokens where user_id = ${userId}`
        ]).pipe(Effect.orDie, Effect.asVoid)
    }

    const accounts: Compliance.PersonalDataSection = {
      name: "accounts",
      export: (userId) =>
        sql`select id, phone_number, email, first_name, last_name, created_at, updated_at from accounts.users where id = ${userId}`.pipe(
          Effect.orDie,
          Effect.map((rows) => rows[0] ?? null)
        ),
      // The row stays (cancel keeps a de-identified account); a unique placeholder keeps its identity check.
      scramble: (userId) =>
        sql`
          update accounts.users set phone_number = null, email = ${`erased-${userId}@erased.invalid`},
            first_name = 'Erased', last_name = 'User', updated_at = now()
          where id = ${userId}`.pipe(Effect.orDie, Effect.asVoid),
      hardDelete: (userId) => sql`delete from accounts.users where id = ${userId}`.pipe(Effect.orDie, Effect.asVoid)
    }

    const clubs = yield* ClubsPersonalDataSection
    const wallets = yield* WalletsPersonalDataSection
    const payments = yield* PaymentsPersonalDataSection

    return [accounts, identity, organizers, notifications, consent, challenges, medical, clubs, wallets, payments]
      .sort((a, b) => order(a.name) - order(b.name))
  })
).pipe(Layer.provide(AuditLogPg))

/** Accounts last: the other sections read the user's old identifiers while scrambling. */
const order = (name: string) => (name === "accounts" ? 1 : 0)
