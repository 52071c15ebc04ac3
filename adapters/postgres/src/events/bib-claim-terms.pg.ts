/** Bib claim terms on Postgres (migration 0062): a replacement is one upsert bumping the version. */
import * as SqlClient from "@effect/sql/SqlClient"
import { Events } from "@podium/core"
import { BibClaimTerms } from "@podium/kernel"
import { Effect, Layer } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

export const BibClaimTermsRepoPg = Layer.effect(Events.BibClaimTermsRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const terms = rowsOf(BibClaimTerms)
  return Events.BibClaimTermsRepo.of({
    list: (limit, offset) =>
      Effect.gen(function*() {
        const data = yield* terms.all(sql`select * from events.bib_claim_terms order by updated_at desc, event_id limit ${limit} offset ${offset}`)
        const total = yield* counts.one(sql`select count(*)::int as n from events.bib_claim_terms`)
        return { data, total: total.n }
      }),
    find: (eventId) => terms.maybe(sql`select * from events.bib_claim_terms where event_id = ${eventId}`),
    put: (eventId, input, by) =>
      terms.one(sql`
        insert into events.bib_claim_terms (event_id, body, requires_id_proof, pickup_instructions, updated_by)
        values (${eventId}, ${input.body}, ${input.requiresIdProof}, ${input.pickupInstructions}, ${by})
        on conflict (event_id) do update set
          body = excluded.body, requires_id_proof = excluded.requires_id_proof, pickup_instructions = excluded.pickup_instructions,
          updated_by = excluded.updated_by, version = events.bib_claim_terms.version + 1, updated_at = now()
        returning *`)
  })
}))
