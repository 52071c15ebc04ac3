/**
 * The wallets context's personal-data section (compliance registry; assembled in
 * compliance/personal-data.pg.ts). The ledger is a money record: entries and transfers are NEVER
 * deleted and amounts never change, so the ledger stays balanced (every transfer sums to zero per
 * currency, every account's balance is the sum of its entries). Decision per table:
 *
 * | table             | rows of the user                                               | export | at request                         | at the tick                                      |
 * |-------------------|----------------------------------------------------------------|--------|------------------------------------|--------------------------------------------------|
 * | wallets.accounts  | owner_type 'user' and owner_id = user (the person's wallets)   | yes, with entries | —                   | retained; owner_id re-keyed to `erased-<account id>` (unique, names no one) |
 * | wallets.accounts  | owner_type 'club' of clubs the user owns (creator RC wallet, tier revenue) | yes, with entries | — | retained as is: the account is the club's, which outlives its owner (clubs section) |
 * | wallets.entries   | legs of those accounts                                         | yes    | —                                  | retained unchanged (money record)                |
 * | wallets.transfers | touching the user's own accounts, or `metadata.userId` = user   | (via entries) | personal metadata keys (email, phone, contact, name…) removed | `metadata.userId` removed; the user id inside idempotency keys and reasons replaced by `erased-<transfer id>` |
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import type { Compliance } from "@podium/core"
import { Effect } from "effect"

/** Metadata keys that may carry a person's contact or name; removed from the user's transfers at the request. */
export const PersonalMetadataKeys = ["email", "phone", "phoneNumber", "contact", "name", "firstName", "lastName", "fullName", "customerName", "customerEmail", "customerPhone", "vpa"]

export const WalletsPersonalDataSection: Effect.Effect<Compliance.PersonalDataSection, never, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const personalKeys = sql`array(select jsonb_array_elements_text(${JSON.stringify(PersonalMetadataKeys)}::jsonb))`

  const accountsWithEntries = (where: Statement.Fragment) =>
    sql`
      select a.owner_type, a.owner_id, a.purpose, a.currency, a.balance::float8 as balance, a.credited::float8 as credited,
        a.debited::float8 as debited, a.entry_count, a.created_at,
        coalesce((select jsonb_agg(jsonb_build_object('id', e.id, 'amount', e.amount, 'reason', t.reason, 'createdAt', e.created_at) order by e.seq)
          from wallets.entries e join wallets.transfers t on t.id = e.transfer_id where e.account_id = a.id), '[]'::jsonb) as entries
      from wallets.accounts a where ${where} order by a.owner_type, a.owner_id, a.purpose, a.currency`

  /** Transfers of the user: with a leg on one of their own accounts, or naming them in the metadata. */
  const theirTransfers = (userId: string) =>
    sql`(select e.transfer_id from wallets.entries e join wallets.accounts a on a.id = e.account_id
          where a.owner_type = 'user' and a.owner_id = ${userId}
         union select t.id from wallets.transfers t where t.metadata->>'userId' = ${userId})`

  return {
    name: "wallets",
    export: (userId) =>
      Effect.all({
        accounts: accountsWithEntries(sql`a.owner_type = 'user' and a.owner_id = ${userId}`),
        ownedClubAccounts: accountsWithEntries(sql`a.owner_type = 'club' and a.owner_id in (select c.id::text from clubs.clubs c where c.owner_user_id = ${userId})`)
      }).pipe(Effect.orDie),
    scramble: (userId) =>
      sql`
        update wallets.transfers set metadata = metadata - ${personalKeys}
        where id in ${theirTransfers(userId)} and metadata ?| ${personalKeys}`.pipe(Effect.orDie, Effect.asVoid),
    hardDelete: (userId) =>
      Effect.gen(function*() {
        yield* sql`
          update wallets.transfers set
            metadata = metadata - 'userId',
            idempotency_key = replace(idempotency_key, ${userId}, 'erased-' || id::text),
            reason = replace(reason, ${userId}, 'erased-' || id::text)
          where id in ${theirTransfers(userId)} or strpos(idempotency_key, ${userId}) > 0`
        yield* sql`
          update wallets.accounts set owner_id = 'erased-' || id::text, updated_at = now()
          where owner_type = 'user' and owner_id = ${userId}`
      }).pipe(Effect.orDie)
  } satisfies Compliance.PersonalDataSection
})
