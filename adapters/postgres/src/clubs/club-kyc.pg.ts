/**
 * Club KYC on Postgres (clubs.club_kyc). A save is ONE statement (`insert … on conflict (club_id)
 * do update … where <guard>`), so the first save creates the DRAFT row, later saves apply only
 * while the row is editable (and the account fingerprint is the expected one), and a concurrent
 * submit or account change makes it answer none rather than half-apply. Review moves are
 * conditional updates on the current status: of two concurrent moves exactly one changes the row.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect, Layer, Option } from "effect"
import { reviewMoveSet } from "../platform/review-move.pg.js"

interface KycRow {
  readonly id: string
  readonly clubId: string
  readonly status: Clubs.ClubKycStatus
  readonly bankAccountSealed: string | null
  readonly bankAccountLast4: string | null
  readonly bankAccountFingerprint: string | null
  readonly ifscCode: string | null
  readonly accountHolderName: string | null
  readonly panNumber: string | null
  readonly panName: string | null
  readonly documents: Clubs.ClubKycDocuments | string
  readonly bankCheck: Clubs.ClubBankCheck | string | null
  readonly panCheck: Clubs.ClubPanCheck | string | null
  readonly reviewReason: string | null
  readonly reviewedBy: string | null
  readonly reviewedAt: Date | null
  readonly submittedAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
  readonly created?: boolean
}

const json = <A>(v: A | string | null): A | null => (typeof v === "string" ? JSON.parse(v) as A : v)

const toKyc = (r: KycRow): Clubs.ClubKyc => ({
  id: r.id,
  clubId: r.clubId,
  status: r.status,
  bankAccount: r.bankAccountSealed === null ? null : { sealed: r.bankAccountSealed, last4: r.bankAccountLast4 ?? "" },
  bankAccountFingerprint: r.bankAccountFingerprint,
  ifscCode: r.ifscCode,
  accountHolderName: r.accountHolderName,
  panNumber: r.panNumber,
  panName: r.panName,
  documents: json<Clubs.ClubKycDocuments>(r.documents) ?? {},
  bankCheck: json<Clubs.ClubBankCheck>(r.bankCheck),
  panCheck: json<Clubs.ClubPanCheck>(r.panCheck),
  reviewReason: r.reviewReason,
  reviewedBy: r.reviewedBy,
  reviewedAt: r.reviewedAt,
  submittedAt: r.submittedAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt
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
  const first = (rows: ReadonlyArray<KycRow>) => Option.map(Option.fromNullable(rows[0]), toKyc)
  const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
  return Clubs.ClubKycRepo.of({
    findById: (id) =>
      Uuid.test(id)
        ? sql<KycRow>`select ${cols} from clubs.club_kyc where id = ${id}`.pipe(Effect.orDie, Effect.map(first))
        : Effect.succeed(Option.none()),
    findByClub: (clubId) =>
      Uuid.test(clubId)
        ? sql<KycRow>`select ${cols} from clubs.club_kyc where club_id = ${clubId}`.pipe(Effect.orDie, Effect.map(first))
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
      const upsert = sql<KycRow>`
        insert into clubs.club_kyc (${insertCols})
        values (${clubId}, ${documents}::jsonb${names.length === 0 ? sql`` : sql`, ${sql.csv(values)}`})
        on conflict (club_id) do update set
          ${updates.length === 0 ? sql`` : sql`${sql.csv(updates)},`}
          documents = club_kyc.documents || excluded.documents,
          updated_at = now()
        where club_kyc.status in ${sql.in(guard.editable)} ${fingerprintGuard}
        returning ${cols}, (xmax = 0) as created`
      const update = sql<KycRow>`
        update clubs.club_kyc set
          ${updates.length === 0 ? sql`` : sql`${sql.csv(names.map((n) => JsonColumns.has(n) ? sql`${sql(n)} = ${columns[n]}::jsonb` : sql`${sql(n)} = ${columns[n]}`))},`}
          documents = documents || ${documents}::jsonb,
          updated_at = now()
        where club_id = ${clubId} and status in ${sql.in(guard.editable)} ${
        sql`and bank_account_fingerprint is not distinct from ${guard.fingerprint ?? null}`
      }
        returning ${cols}, false as created`
      return (insertable ? upsert : update).pipe(
        Effect.orDie,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), (r) => ({ kyc: toKyc(r), created: r.created === true })))
      )
    },
    transition: (id, from, to, review) =>
      sql<KycRow>`
        update clubs.club_kyc set ${reviewMoveSet(sql, to, review)}
        where id = ${id} and status in ${sql.in(from)}
          ${review.fingerprint === undefined ? sql`` : sql`and bank_account_fingerprint = ${review.fingerprint}`}
        returning ${cols}`.pipe(Effect.orDie, Effect.map(first)),
    list: (query) =>
      Effect.gen(function*() {
        const rows = yield* sql<KycRow>`
          select ${cols} from clubs.club_kyc where status = ${query.status}
          order by submitted_at nulls first, id limit ${query.limit} offset ${query.offset}`
        const total = yield* sql<{ readonly n: number }>`select count(*)::int as n from clubs.club_kyc where status = ${query.status}`
        return { items: rows.map(toKyc), total: total[0]!.n }
      }).pipe(Effect.orDie)
  })
}))
