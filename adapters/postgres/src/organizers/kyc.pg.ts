/**
 * Business KYC on Postgres (organizers.business_kyc). Review moves and edits are conditional
 * updates on the current status, so of two concurrent moves exactly one changes the row.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Organizers } from "@podium/core"
import { Effect, Layer, Option } from "effect"
import { reviewMoveSet } from "../platform/review-move.pg.js"

interface KycRow {
  readonly id: string
  readonly organizerId: string
  readonly status: Organizers.KycStatus
  readonly bankAccountSealed: string | null
  readonly bankAccountLast4: string | null
  readonly ifscCode: string | null
  readonly websiteOrAppUrl: string | null
  readonly businessDescription: string | null
  readonly documents: Organizers.KycDocuments | string
  readonly reviewReason: string | null
  readonly reviewedBy: string | null
  readonly reviewedAt: Date | null
  readonly submittedAt: Date
  readonly createdAt: Date
  readonly updatedAt: Date
}

const toKyc = (r: KycRow): Organizers.BusinessKyc => ({
  id: r.id,
  organizerId: r.organizerId,
  status: r.status,
  bankAccount: r.bankAccountSealed === null ? null : { sealed: r.bankAccountSealed, last4: r.bankAccountLast4 ?? "" },
  ifscCode: r.ifscCode,
  websiteOrAppUrl: r.websiteOrAppUrl,
  businessDescription: r.businessDescription,
  documents: typeof r.documents === "string" ? JSON.parse(r.documents) as Organizers.KycDocuments : r.documents,
  reviewReason: r.reviewReason,
  reviewedBy: r.reviewedBy,
  reviewedAt: r.reviewedAt,
  submittedAt: r.submittedAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt
})

export const KycRepoPg = Layer.effect(Organizers.KycRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(
    "id, organizer_id, status, bank_account_sealed, bank_account_last4, ifsc_code, website_or_app_url, " +
      "business_description, documents, review_reason, reviewed_by, reviewed_at, submitted_at, created_at, updated_at"
  )
  const first = (rows: ReadonlyArray<KycRow>) => Option.map(Option.fromNullable(rows[0]), toKyc)
  return Organizers.KycRepo.of({
    create: (input) =>
      sql<KycRow>`
        insert into organizers.business_kyc ${sql.insert({
          organizerId: input.organizerId,
          bankAccountSealed: input.bankAccount?.sealed ?? null,
          bankAccountLast4: input.bankAccount?.last4 ?? null,
          ifscCode: input.ifscCode,
          websiteOrAppUrl: input.websiteOrAppUrl,
          businessDescription: input.businessDescription,
          documents: JSON.stringify(input.documents)
        })}
        on conflict (organizer_id) do nothing
        returning ${cols}`.pipe(Effect.orDie, Effect.map(first)),
    findById: (id) => sql<KycRow>`select ${cols} from organizers.business_kyc where id = ${id}`.pipe(Effect.orDie, Effect.map(first)),
    findByOrganizer: (organizerId) =>
      sql<KycRow>`select ${cols} from organizers.business_kyc where organizer_id = ${organizerId}`.pipe(Effect.orDie, Effect.map(first)),
    update: (organizerId, patch, from) => {
      const columns: Record<string, unknown> = {}
      if (patch.bankAccount !== undefined) {
        columns.bankAccountSealed = patch.bankAccount.sealed
        columns.bankAccountLast4 = patch.bankAccount.last4
      }
      if (patch.ifscCode !== undefined) columns.ifscCode = patch.ifscCode
      if (patch.websiteOrAppUrl !== undefined) columns.websiteOrAppUrl = patch.websiteOrAppUrl
      if (patch.businessDescription !== undefined) columns.businessDescription = patch.businessDescription
      const documents = JSON.stringify(patch.documents ?? {})
      const set = Object.keys(columns).length === 0 ? sql`` : sql`${sql.update(columns)},`
      return sql<KycRow>`
        update organizers.business_kyc set ${set} documents = documents || ${documents}::jsonb, updated_at = now()
        where organizer_id = ${organizerId} and status in ${sql.in(from)}
        returning ${cols}`.pipe(Effect.orDie, Effect.map(first))
    },
    transition: (id, from, to, review) =>
      sql<KycRow>`
        update organizers.business_kyc set ${reviewMoveSet(sql, to, review)}
        where id = ${id} and status in ${sql.in(from)}
        returning ${cols}`.pipe(Effect.orDie, Effect.map(first)),
    list: (query) =>
      Effect.gen(function*() {
        const rows = yield* sql<KycRow>`
          select ${cols} from organizers.business_kyc where status = ${query.status}
          order by submitted_at, id limit ${query.limit} offset ${(query.page - 1) * query.limit}`
        const total = yield* sql<{ readonly n: number }>`
          select count(*)::int as n from organizers.business_kyc where status = ${query.status}`
        return { rows: rows.map(toKyc), total: total[0]!.n }
      }).pipe(Effect.orDie),
    findByOrganizers: (organizerIds) =>
      organizerIds.length === 0
        ? Effect.succeed([])
        : sql<KycRow>`select ${cols} from organizers.business_kyc where organizer_id in ${sql.in(organizerIds)}`.pipe(
          Effect.orDie,
          Effect.map((rows) => rows.map(toKyc))
        ),
    partnerATagged: (organizerIds) =>
      organizerIds.length === 0
        ? Effect.succeed([])
        : sql<{ readonly id: string }>`
          select id from organizers.organizers where id in ${sql.in(organizerIds)} and partner_a_tag`.pipe(
          Effect.orDie,
          Effect.map((rows) => rows.map((r) => r.id))
        ),
    setPartnerATag: (organizerId, on) =>
      sql<{ readonly id: string }>`
        update organizers.organizers set partner_a_tag = ${on}, updated_at = now()
        where id = ${organizerId} and deleted_at is null returning id`.pipe(Effect.orDie, Effect.map((r) => r.length > 0))
  })
}))
