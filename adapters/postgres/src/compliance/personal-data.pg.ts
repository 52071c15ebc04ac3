/**
 * Every context's personal-data section on Postgres (the compliance registry, core
 * compliance.port.ts `PersonalDataSection`): what the export shows, what erasure scrambles at once
 * and what the tick hard-deletes. Order matters: the accounts section runs last, so the others can
 * still find rows by the user's old phone/e-mail while scrambling. Money and tax records (none exist
 * yet) must be de-identified in `scramble` and kept by `hardDelete`, never deleted.
 * A context that adds tables holding a user's data adds its section here.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Compliance } from "@podium/core"
import { Effect, Layer } from "effect"

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

    const organizers: Compliance.PersonalDataSection = {
      name: "organizers",
      export: (userId) =>
        Effect.all({
          memberships: sql`
            select id, organizer_id, role, status, phone_number, email, created_at
            from organizers.members where user_id = ${userId} order by created_at`,
          follows: sql`select organizer_id, created_at from organizers.follows where user_id = ${userId} order by created_at`
        }).pipe(Effect.orDie),
      scramble: (userId) =>
        sql`update organizers.members set phone_number = null, email = null, updated_at = now() where user_id = ${userId}`.pipe(Effect.orDie, Effect.asVoid),
      hardDelete: (userId) =>
        Effect.all([
          sql`delete from organizers.members where user_id = ${userId}`,
          sql`delete from organizers.follows where user_id = ${userId}`
        ]).pipe(Effect.orDie, Effect.asVoid)
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
            where user_id = ${userId} or recipient in ${oldIdentifiers(userId)} order by created_at`
        }).pipe(Effect.orDie),
      scramble: (userId) =>
        Effect.all([
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
          sql`delete from notifications.preferences where user_id = ${userId}`
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

    return [accounts, identity, organizers, notifications, consent].sort((a, b) => order(a.name) - order(b.name))
  })
)

/** Accounts last: the other sections read the user's old identifiers while scrambling. */
const order = (name: string) => (name === "accounts" ? 1 : 0)
