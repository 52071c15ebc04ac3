/**
 * Second factors on Postgres (identity.totp_factors, identity.totp_recovery_codes, identity.passkeys).
 * Every "use once" rule is one conditional update: a time step is recorded only if newer than the
 * last accepted one, a recovery code only while unused, a passkey counter only if it moves forward,
 * so concurrent submissions of the same code or assertion cannot both win. An admin's
 * totp_enabled_at is mirrored onto accounts.admins in the same transaction, so the Admin record
 * shows it.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Accounts, Identity } from "@podium/core"
import { Effect, Layer, Option, Schema, Struct } from "effect"
import { rowsOf } from "../rows.pg.js"

/**
 * A TOTP factor row with its count of unused recovery codes; the account is the one asked for.
 * bigint columns arrive as strings.
 */
const FactorRow = Schema.Struct({
  ...Struct.omit(Identity.TotpState.fields, "account", "lastUsedStep"),
  lastUsedStep: Schema.NullOr(Schema.NumberFromString)
})

/** A passkey row: the account as two columns, the bigint counter as a string. */
const PasskeyRow = Schema.Struct({
  ...Struct.omit(Identity.Passkey.fields, "account", "counter"),
  accountKind: Identity.AccountKind,
  accountId: Schema.String,
  counter: Schema.NumberFromString
})

const toPasskey = ({ accountId, accountKind, ...passkey }: typeof PasskeyRow.Type): Identity.Passkey => ({
  ...passkey,
  account: { kind: accountKind, id: accountId }
})

/** accounts.admins.totp_required_at. */
const RequiredAtRow = Accounts.Admin.pipe(Schema.pick("totpRequiredAt"))

export const TotpRepoPg = Layer.effect(Identity.TotpRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const factors = rowsOf(FactorRow)
  const requiredAt = rowsOf(RequiredAtRow)
  const mirrorAdmin = (account: Identity.AccountRef, enabledAt: Date | null) =>
    account.kind === "admin"
      ? sql`update accounts.admins set totp_enabled_at = ${enabledAt}, updated_at = now() where id = ${account.id}`.pipe(Effect.asVoid)
      : Effect.void
  return Identity.TotpRepo.of({
    find: (account) =>
      factors.maybe(sql`
        select f.secret_sealed, f.pending_secret_sealed, f.enabled_at, f.last_used_step,
          (select count(*)::int from identity.totp_recovery_codes c
            where c.account_kind = f.account_kind and c.account_id = f.account_id and c.used_at is null) as recovery_codes_remaining
        from identity.totp_factors f where f.account_kind = ${account.kind} and f.account_id = ${account.id}`).pipe(
        Effect.map(Option.map((row): Identity.TotpState => ({ ...row, account })))
      ),
    savePending: (account, pending, hashes, at) =>
      Effect.gen(function*() {
        const saved = yield* sql`
          insert into identity.totp_factors (account_kind, account_id, pending_secret_sealed, created_at, updated_at)
          values (${account.kind}, ${account.id}, ${pending}, ${at}, ${at})
          on conflict (account_kind, account_id) do update
            set pending_secret_sealed = excluded.pending_secret_sealed, updated_at = excluded.updated_at
            where identity.totp_factors.enabled_at is null
          returning account_id`
        if (saved.length === 0) return false
        yield* sql`delete from identity.totp_recovery_codes where account_kind = ${account.kind} and account_id = ${account.id}`
        yield* sql`
          insert into identity.totp_recovery_codes ${
          sql.insert(hashes.map((codeHash) => ({ account_kind: account.kind, account_id: account.id, code_hash: codeHash, created_at: at })))
        }`
        return true
      }).pipe(sql.withTransaction, Effect.orDie),
    enable: (account, pending, step, at) =>
      Effect.gen(function*() {
        const rows = yield* sql`
          update identity.totp_factors
          set secret_sealed = pending_secret_sealed, pending_secret_sealed = null, enabled_at = ${at},
            last_used_step = ${step}, updated_at = ${at}
          where account_kind = ${account.kind} and account_id = ${account.id}
            and enabled_at is null and pending_secret_sealed = ${pending}
          returning account_id`
        if (rows.length === 0) return Option.none<Date>()
        yield* mirrorAdmin(account, at)
        return Option.some(at)
      }).pipe(sql.withTransaction, Effect.orDie),
    useStep: (account, step) =>
      sql`
        update identity.totp_factors set last_used_step = ${step}, updated_at = now()
        where account_kind = ${account.kind} and account_id = ${account.id} and enabled_at is not null
          and (last_used_step is null or last_used_step < ${step})
        returning account_id`.pipe(Effect.orDie, Effect.map((rows) => rows.length > 0)),
    useRecoveryCode: (account, codeHash, at) =>
      sql`
        update identity.totp_recovery_codes c set used_at = ${at}
        where c.account_kind = ${account.kind} and c.account_id = ${account.id} and c.code_hash = ${codeHash}
          and c.used_at is null
          and exists (select 1 from identity.totp_factors f
            where f.account_kind = c.account_kind and f.account_id = c.account_id and f.enabled_at is not null)
        returning c.code_hash`.pipe(Effect.orDie, Effect.map((rows) => rows.length > 0)),
    clear: (account) =>
      Effect.gen(function*() {
        const rows = yield* sql`
          delete from identity.totp_factors where account_kind = ${account.kind} and account_id = ${account.id}
          returning account_id`
        yield* sql`delete from identity.totp_recovery_codes where account_kind = ${account.kind} and account_id = ${account.id}`
        yield* mirrorAdmin(account, null)
        return rows.length > 0
      }).pipe(sql.withTransaction, Effect.orDie),
    setAdminRequired: (adminId, at) =>
      requiredAt.maybe(
        at === null
          ? sql`
            update accounts.admins set totp_required_at = null, updated_at = now() where id = ${adminId}
            returning totp_required_at`
          : sql`
            update accounts.admins set totp_required_at = coalesce(totp_required_at, ${at}), updated_at = now()
            where id = ${adminId} returning totp_required_at`
      ).pipe(Effect.map(Option.map((r) => r.totpRequiredAt))),
    adminRequiredAt: (adminId) =>
      requiredAt.maybe(sql`select totp_required_at from accounts.admins where id = ${adminId}`).pipe(
        Effect.map(Option.flatMap((r) => Option.fromNullable(r.totpRequiredAt)))
      )
  })
}))

export const PasskeyRepoPg = Layer.effect(Identity.PasskeyRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const passkeys = rowsOf(PasskeyRow)
  const cols = sql`id, account_kind, account_id, credential_id, public_key, counter, transports, device_type, backed_up, name, created_at, last_used_at`
  return Identity.PasskeyRepo.of({
    add: (p) =>
      sql`
        insert into identity.passkeys
          (id, account_kind, account_id, credential_id, public_key, counter, transports, device_type, backed_up, name, created_at)
        values (${p.id}, ${p.account.kind}, ${p.account.id}, ${p.credentialId}, ${p.publicKey}, ${p.counter},
          ${JSON.stringify(p.transports)}::jsonb, ${p.deviceType}, ${p.backedUp}, ${p.name}, ${p.createdAt})
        on conflict (credential_id) do nothing
        returning id`.pipe(
        Effect.orDie,
        Effect.flatMap((rows) => (rows.length > 0 ? Effect.void : Effect.fail(new Identity.PasskeyAlreadyRegistered())))
      ),
    listByAccount: (account) =>
      passkeys.all(sql`
        select ${cols} from identity.passkeys where account_kind = ${account.kind} and account_id = ${account.id}
        order by created_at, id`).pipe(Effect.map((rows) => rows.map(toPasskey))),
    findByCredentialId: (credentialId) =>
      passkeys.maybe(sql`select ${cols} from identity.passkeys where credential_id = ${credentialId}`).pipe(
        Effect.map(Option.map(toPasskey))
      ),
    useCounter: (id, expected, next, at) =>
      next > expected || (next === 0 && expected === 0)
        ? sql`
            update identity.passkeys set counter = ${next}, last_used_at = ${at}
            where id = ${id} and counter = ${expected}
            returning id`.pipe(Effect.orDie, Effect.map((rows) => rows.length > 0))
        : Effect.succeed(false),
    remove: (account, id) =>
      sql`
        delete from identity.passkeys where id = ${id} and account_kind = ${account.kind} and account_id = ${account.id}
        returning id`.pipe(Effect.orDie, Effect.map((rows) => rows.length > 0))
  })
}))
