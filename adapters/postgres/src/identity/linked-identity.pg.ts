/**
 * Linked identities and e-mail verification on Postgres. Linking is an insert that yields to an
 * existing (provider, subject) row, so concurrent first sign-ins agree on one account. Removing a
 * method runs in one transaction under a per-account advisory lock: the methods are counted, the
 * core's rule is asked, then the row is deleted (or the athlete's phone/e-mail cleared).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Accounts, Identity } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { ids, rowsOf } from "../rows.pg.js"

/** An athlete's contacts, read to count its sign-in methods. */
const ContactsRow = Accounts.User.pipe(Schema.pick("phoneNumber", "email"))

/** The account and address of a verification token taken by its consumer. */
const ConsumedRow = Schema.Struct({ accountKind: Identity.AccountKind, accountId: Schema.String, email: Schema.String })

const UsedAtRow = Schema.Struct({ usedAt: Schema.NullOr(Schema.DateFromSelf) })

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const LinkedIdentityRepoPg = Layer.effect(Identity.LinkedIdentityRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const links = rowsOf(Identity.LinkedIdentity)
  const contactsOf = rowsOf(ContactsRow)
  const cols = sql`id, account_kind, account_id, provider, subject, email, created_at`
  const bySubject = (provider: Identity.IdentityProviderId, subject: string) =>
    sql`select ${cols} from identity.linked_identities where provider = ${provider} and subject = ${subject}`
  return Identity.LinkedIdentityRepo.of({
    findBySubject: (provider, subject) => links.maybe(bySubject(provider, subject)),
    listByAccount: (account) =>
      links.all(sql`
        select ${cols} from identity.linked_identities
        where account_kind = ${account.kind} and account_id = ${account.id}
        order by created_at, id`),
    link: (input) =>
      Effect.gen(function*() {
        const inserted = yield* links.maybe(sql`
          insert into identity.linked_identities (account_kind, account_id, provider, subject, email)
          values (${input.account.kind}, ${input.account.id}, ${input.provider}, ${input.subject}, ${input.email})
          on conflict (provider, subject) do nothing
          returning ${cols}`)
        if (Option.isSome(inserted)) return inserted.value
        return yield* links.one(bySubject(input.provider, input.subject))
      }),
    remove: (input) =>
      Effect.gen(function*() {
        const { account, target } = input
        yield* sql`select pg_advisory_xact_lock(hashtext(${`identity-methods:${account.kind}:${account.id}`}))`
        let contacts = input.contacts
        if (account.kind === "user") {
          const row = yield* contactsOf.maybe(sql`
            select phone_number, email from accounts.users where id = ${account.id} for update`)
          if (Option.isNone(row)) return yield* new Identity.IdentityNotFound({ id: target._tag === "Link" ? target.id : target._tag.toLowerCase() })
          contacts = { phone: row.value.phoneNumber !== null, email: row.value.email !== null }
        }
        const linked = yield* ids.all(sql`
          select id from identity.linked_identities where account_kind = ${account.kind} and account_id = ${account.id}`)
        const present = target._tag === "Link"
          ? Uuid.test(target.id) && linked.some((l) => l.id === target.id.toLowerCase())
          : target._tag === "Phone" ? contacts.phone : contacts.email
        if (!present) return yield* new Identity.IdentityNotFound({ id: target._tag === "Link" ? target.id : target._tag.toLowerCase() })
        const refusal = input.refuse({ ...contacts, links: linked.length })
        if (Option.isSome(refusal)) return yield* refusal.value
        if (target._tag === "Link") {
          yield* sql`delete from identity.linked_identities where id = ${target.id.toLowerCase()}`
        } else if (target._tag === "Phone") {
          yield* sql`update accounts.users set phone_number = null, updated_at = now() where id = ${account.id}`
        } else {
          yield* sql`update accounts.users set email = null, updated_at = now() where id = ${account.id}`
        }
      }).pipe(
        sql.withTransaction,
        Effect.catchTag("SqlError", Effect.die)
      )
  })
}))

export const EmailVerificationRepoPg = Layer.effect(Identity.EmailVerificationRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const consumed = rowsOf(ConsumedRow)
  const usedAt = rowsOf(UsedAtRow)
  return Identity.EmailVerificationRepo.of({
    isVerified: (account, email) =>
      sql`
        select 1 from identity.verified_emails
        where account_kind = ${account.kind} and account_id = ${account.id} and email = ${email}`.pipe(
        Effect.orDie,
        Effect.map((rows) => rows.length > 0)
      ),
    markVerified: (account, email, at) =>
      sql`
        insert into identity.verified_emails (account_kind, account_id, email, verified_at)
        values (${account.kind}, ${account.id}, ${email}, ${at})
        on conflict do nothing`.pipe(Effect.orDie, Effect.asVoid),
    createToken: (input) =>
      sql`
        insert into identity.email_verification_tokens (id, account_kind, account_id, email, expires_at)
        values (${input.id}, ${input.account.kind}, ${input.account.id}, ${input.email}, ${input.expiresAt})`.pipe(Effect.orDie, Effect.asVoid),
    consumeToken: (id, at) =>
      Effect.gen(function*() {
        // The conditional update is the single-use gate: of two concurrent consumers one gets the row.
        const taken = yield* consumed.maybe(sql`
          update identity.email_verification_tokens set used_at = ${at}
          where id = ${id} and used_at is null and expires_at > ${at}
          returning account_kind, account_id, email`)
        if (Option.isSome(taken)) {
          const { accountId, accountKind, email } = taken.value
          return { _tag: "Consumed", account: { kind: accountKind, id: accountId }, email } as const
        }
        const row = yield* usedAt.maybe(sql`select used_at from identity.email_verification_tokens where id = ${id}`)
        if (Option.isNone(row)) return { _tag: "Unknown" } as const
        return row.value.usedAt !== null ? { _tag: "Used" } as const : { _tag: "Expired" } as const
      })
  })
}))

/** Both repositories of this file. */
export const LinkedIdentitiesPg = Layer.merge(LinkedIdentityRepoPg, EmailVerificationRepoPg)
