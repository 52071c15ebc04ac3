import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Bib claim terms, one row per event; `version` bumped by every replacement (defaults equal the kernel's BibClaimTerms). */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table events.bib_claim_terms (
      event_id uuid primary key references events.events (id) on update cascade,
      body text not null,
      requires_id_proof boolean not null default false,
      pickup_instructions text,
      version integer not null default 1,
      updated_by text,
      updated_at timestamptz not null default now()
    )`
})
