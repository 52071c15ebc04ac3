/**
 * Bib claim terms (B "Bib claim terms"): one text per event, replaced whole by an admin
 * (`events.manage`); each replacement is one upsert that bumps the version atomically, so
 * concurrent replacements get distinct, consecutive versions.
 */
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { auditSubject } from "../platform/audit-subject.js"
import { type BibClaimTermsInput, BibClaimTermsNotFound, BibClaimTermsRepo } from "./bib-claim-terms.model.js"
import { adminEvent } from "./event.use-case.js"

/** Every event's terms, most recently changed first. */
export const listBibClaimTerms = Effect.fn("events.bibClaimTerms.list")(function*(paging: { readonly page?: number | undefined; readonly limit?: number | undefined }) {
  const limit = paging.limit ?? 20
  const page = paging.page ?? 1
  const found = yield* Effect.flatMap(BibClaimTermsRepo, (r) => r.list(limit, (page - 1) * limit))
  return { data: found.data, count: found.data.length, total: found.total, page, pageCount: Math.ceil(found.total / limit) }
})

/** The event's terms (404 for an unknown event or one without terms). */
export const getBibClaimTerms = Effect.fn("events.bibClaimTerms.get")(function*(eventId: string) {
  const event = yield* adminEvent(eventId)
  const found = yield* Effect.flatMap(BibClaimTermsRepo, (r) => r.find(event.id))
  if (Option.isNone(found)) return yield* new BibClaimTermsNotFound({ eventId })
  return found.value
})

export const putBibClaimTerms = Effect.fn("events.bibClaimTerms.put")(function*(admin: Principal, eventId: string, input: BibClaimTermsInput) {
  const event = yield* adminEvent(eventId)
  const saved = yield* Effect.flatMap(BibClaimTermsRepo, (r) => r.put(event.id, input, `${admin.accountKind}:${admin.accountId}`))
  yield* auditSubject("event.bib_claim_terms.replaced", admin, { kind: "event", id: event.id }, { data: { version: saved.version } })
  return saved
})
