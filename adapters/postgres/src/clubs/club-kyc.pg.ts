/**
 * Club KYC on Postgres (clubs.club_kyc). A save is ONE statement (`insert … on conflict (club_id)
 * do update … where <guard>`), so the first save creates the DRAFT row, later saves apply only
 * while the row is editable (and the account fingerprint is the expected one), and a concurrent
 * submit or account change makes it answer none rather than half-apply. Review moves are
 * conditional updates on the current status: of two concurrent moves exactly one changes the row.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { reviewMoveSet } from "../platform/review-move.pg.js"
import { counts, rowsOf } from "../rows.pg.js"

/** A jsonb column: parsed by the driver, or text on drivers that leave it as a string. */
const Jsonb = <A, I>(schema: Schema.Schema<A, I>) => Schema.Union(schema, Schema.parseJson(schema))

/** The KYC as stored: the sealed account in two columns, the checks and documents as jsonb. */
const KycRow = Schema.Struct({
  ...Clubs.ClubKyc.omit("bankAccount", "documents", "bankCheck", "panCheck").fields,
  bankAccountSealed: Schema.NullOr(Schema.String),
  bankAccountLast4: Schema.NullOr(Schema.String),
  documents: Jsonb(Clubs.ClubKycDocuments),
  bankCheck: Schema.NullOr(Jsonb(Clubs.ClubBankCheck)),
  panCheck: Schema.NullOr(Jsonb(Clubs.ClubPanCheck))
})
const SavedRow = Schema.Struct({ ...KycRow.fields, created: Schema.Boolean })

/** The sealed account is kept in two columns; the KYC carries it as one value. */
const toKyc = ({ bankAccountLast4, bankAccountSealed, ...r }: typeof KycRow.Type): Clubs.ClubKyc => ({
  ...r,
  bankAccount: bankAccountSealed === null ? null : { sealed: bankAccountSealed, last4: bankAccountLast4 ?? "" }
})

/** The patch as column values (only the keys it carries). */
const columnsOf = (patch: Clubs.ClubKycPatch): Record<string, unknown> => {
  const columns: Record<string, unknown> = {}
  if (patch.bankAccount !== undefined) {
    columns.bank_account_sealed = patch.bankAccount.account.sealed
    columns.bank_account_last4 = patch.bankAccount.account.last4
    columns.bank_account_fingerprint = patch.bankAccount.fingerprint
  }
  if (patch.ifscCode !== undefined) columns.ifsc_code = patch.ifscCode
  if (patch.accountHolderName !== undefined) columns.account_holder_name = patch.accountHolderName
  if (patch.panNumber !== undefined) columns.pan_number = patch.panNumber
  if (patch.panName !== undefined) columns.pan_name = patch.panName
  if (patch.bankCheck !== undefined) columns.bank_check = JSON.stringify(patch.bankCheck)
  if (patch.panCheck !== undefined) columns.pan_check = JSON.stringify(patch.panCheck)
  return columns
}

const JsonColumns = new Set(["bank_check", "pan_check"])

export const ClubKycRepoPg = Layer.effect(Clubs.ClubKycRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(
    "id, club_id, status, bank_account_sealed, bank_account_last4, bank_account_fingerprint, ifsc_code, account_holder_name, " +
      "pan_number, pan_name, documents, bank_check, pan_check, review_reason, reviewed_by, reviewed_at, submitted_at, created_at, updated_at"
  )
  const kycs = rowsOf(KycRow)
  const saved = rowsOf(SavedRow)
  const one = <E, R>(query: Effect.Effect<ReadonlyArray<object>, E, R>) => kycs.maybe(query).pipe(Effect.map(Option.map(toKyc)))
  const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
  return Clubs.ClubKycRepo.of({
    findById: (id) =>
      Uuid.test(id)
        ? one(sql`select ${cols} from clubs.club_kyc where id = ${id}`)
        : Effect.succeed(Option.none()),
    findByClub: (clubId) =>
      Uuid.test(clubId)
        ? one(sql`select ${cols} from clubs.club_kyc where club_id = ${clubId}`)
        : Effect.succeed(Option.none()),
    save: (clubId, patch, guard) => {
      const columns = columnsOf(patch)
      const names = Object.keys(columns)
      const documents = JSON.stringify(patch.documents ?? {})
      // A fingerprint guard that expects an account never lets a fresh row be created.
      const insertable = guard.fingerprint === undefined || guard.fingerprint === null
      const values = names.map((n) => JsonColumns.has(n) ? sql`${columns[n]}::jsonb` : sql`${columns[n]}`)
      const insertCols = sql.literal(["club_id", "documents", ...names].join(", "))
      const updates = names.map((n) => sql`${sql(n)} = excluded.${sql(n)}`)
      const fingerprintGuard = guard.fingerprint === undefined
        ? sql``
        : sql`and club_kyc.bank_account_fingerprint is not distinct from ${guard.fingerprint}`
      const upsert = sql`
        insert into clubs.club_kyc (${insertCols})
        values (${clubId}, ${documents}::jsonb${names.length === 0 ? sql`` : sql`, ${sql.csv(values)}`})
        on conflict (club_id) do update set
          ${updates.length === 0 ? sql`` : sql`${sql.csv(updates)},`}
          documents = club_kyc.documents || excluded.documents,
          updated_at = now()
        where club_kyc.status in ${sql.in(guard.editable)} ${fingerprintGuard}
        returning ${cols}, (xmax = 0) as created`
      const update = sql`
        update clubs.club_kyc set
          ${updates.length === 0 ? sql`` : sql`${sql.csv(names.map((n) => JsonColumns.has(n) ? sql`${sql(n)} = ${columns[n]}::jsonb` : sql`${sql(n)} = ${columns[n]}`))},`}
          documents = documents || ${documents}::jsonb,
          updated_at = now()
        where club_id = ${clubId} and status in ${sql.in(guard.editable)} ${
        sql`and bank_account_fingerprint is not distinct from ${guard.fingerprint ?? null}`
      }
        returning ${cols}, false as created`
      return saved.maybe(insertable ? upsert : update).pipe(
        Effect.map(Option.map(({ created, ...r }) => ({ kyc: toKyc(r), created })))
      )
    },
    transition: (id, from, to, review) =>
      one(sql`
        update clubs.club_kyc set ${reviewMoveSet(sql, to, review)}
        where id = ${id} and status in ${sql.in(from)}
          ${review.fingerprint === undefined ? sql`` : sql`and bank_account_fingerprint = ${review.fingerprint}`}
        returning ${cols}`),
    list: (query) =>
      Effect.gen(function*() {
        const rows = yield* kycs.all(sql`
          select ${cols} from clubs.club_kyc where status = ${query.status}
          order by submitted_at nulls first, id limit ${query.limit} offset ${query.offset}`)
        const total = yield* counts.one(sql`select count(*)::int as n from clubs.club_kyc where status = ${query.status}`)
        return { items: rows.map(toKyc), total: total.n }
      })
  })
}))
