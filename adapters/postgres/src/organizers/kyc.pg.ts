/**
 * Business KYC on Postgres (organizers.business_kyc). Review moves and edits are conditional
 * updates on the current status, so of two concurrent moves exactly one changes the row.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Organizers } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { reviewMoveSet } from "../platform/review-move.pg.js"
import { counts, ids, rowsOf } from "../rows.pg.js"

/** The row keeps the sealed account number and its last four digits in two columns; the record pairs them. */
const KycRow = Schema.Struct({
  ...Organizers.BusinessKyc.omit("bankAccount").fields,
  bankAccountSealed: Schema.NullOr(Schema.String),
  bankAccountLast4: Schema.NullOr(Schema.String)
})

const toKyc = ({ bankAccountLast4, bankAccountSealed, ...kyc }: typeof KycRow.Type): Organizers.BusinessKyc => ({
  ...kyc,
  bankAccount: bankAccountSealed === null ? null : { sealed: bankAccountSealed, last4: bankAccountLast4 ?? "" }
})

export const KycRepoPg = Layer.effect(Organizers.KycRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(
    "id, organizer_id, status, bank_account_sealed, bank_account_last4, ifsc_code, website_or_app_url, " +
      "business_description, documents, review_reason, reviewed_by, reviewed_at, submitted_at, created_at, updated_at"
  )
  const rows = rowsOf(KycRow)
  const all = <E, R>(query: Effect.Effect<ReadonlyArray<object>, E, R>) => Effect.map(rows.all(query), (r) => r.map(toKyc))
  const first = <E, R>(query: Effect.Effect<ReadonlyArray<object>, E, R>) => Effect.map(rows.maybe(query), Option.map(toKyc))
  return Organizers.KycRepo.of({
    create: (input) =>
      first(sql`
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
        returning ${cols}`),
    findById: (id) => first(sql`select ${cols} from organizers.business_kyc where id = ${id}`),
    findByOrganizer: (organizerId) =>
      first(sql`select ${cols} from organizers.business_kyc where organizer_id = ${organizerId}`),
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
      return first(sql`
        update organizers.business_kyc set ${set} documents = documents || ${documents}::jsonb, updated_at = now()
        where organizer_id = ${organizerId} and status in ${sql.in(from)}
        returning ${cols}`)
    },
    transition: (id, from, to, review) =>
      first(sql`
        update organizers.business_kyc set ${reviewMoveSet(sql, to, review)}
        where id = ${id} and status in ${sql.in(from)}
        returning ${cols}`),
    list: (query) =>
      Effect.gen(function*() {
        const page = yield* all(sql`
          select ${cols} from organizers.business_kyc where status = ${query.status}
          order by submitted_at, id limit ${query.limit} offset ${(query.page - 1) * query.limit}`)
        const total = yield* counts.one(sql`select count(*)::int as n from organizers.business_kyc where status = ${query.status}`)
        return { rows: page, total: total.n }
      }),
    findByOrganizers: (organizerIds) =>
      organizerIds.length === 0
        ? Effect.succeed([])
        : all(sql`select ${cols} from organizers.business_kyc where organizer_id in ${sql.in(organizerIds)}`),
    partnerATagged: (organizerIds) =>
      organizerIds.length === 0
        ? Effect.succeed([])
        : ids.all(sql`select id from organizers.organizers where id in ${sql.in(organizerIds)} and partner_a_tag`).pipe(
          Effect.map((rows) => rows.map((r) => r.id))
        ),
    setPartnerATag: (organizerId, on) =>
      ids.all(sql`
        update organizers.organizers set partner_a_tag = ${on}, updated_at = now()
        where id = ${organizerId} and deleted_at is null returning id`).pipe(Effect.map((r) => r.length > 0))
  })
}))
