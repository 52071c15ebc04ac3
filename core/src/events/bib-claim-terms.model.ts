/** Bib claim terms: the error and the repository (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import { type BibClaimTerms, DomainError } from "@podium/kernel"
import { Context, type Effect, type Option, Schema } from "effect"

export class BibClaimTermsNotFound extends DomainError<BibClaimTermsNotFound>()("BibClaimTermsNotFound", { kind: "not-found" }, { eventId: Schema.String }) {
  override get message() {
    return `No bib claim terms for event ${this.eventId}`
  }
}

export interface BibClaimTermsInput extends Pick<BibClaimTerms, "body" | "requiresIdProof" | "pickupInstructions"> {}

export class BibClaimTermsRepo extends Context.Tag("@podium/core/events/BibClaimTermsRepo")<BibClaimTermsRepo, {
  readonly list: (limit: number, offset: number) => Effect.Effect<{ readonly data: ReadonlyArray<BibClaimTerms>; readonly total: number }>
  readonly find: (eventId: string) => Effect.Effect<Option.Option<BibClaimTerms>>
  /** Inserts version 1 or replaces the text with version + 1, in one statement. */
  readonly put: (eventId: string, input: BibClaimTermsInput, by: string) => Effect.Effect<BibClaimTerms>
}>() {}

