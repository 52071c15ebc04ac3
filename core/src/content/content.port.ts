/**
 * The content operations beyond plain CRUD, each one statement or one transaction in Postgres (the
 * memory twin runs each synchronously, so it is atomic too): toggles, the FAQ review, the single
 * legal version in force, published guidelines, KB listing by status, version bumps and moves.
 */
import type { AppFaq, CommunityGuideline, Faq, KbArticle, KbArticleStatus, LegalDocument, MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { ResourceNotFound } from "../platform/crud.port.js"
import type { LegalDocumentInForce, LegalKind } from "./content.model.js"

export interface KbArticlePatch {
  readonly title?: string
  readonly body?: string
  readonly category?: string | null
}

/** Content operations the generic collection repositories do not cover. */
export class ContentStore extends Context.Tag("@podium/core/content/ContentStore")<ContentStore, {
  /** Flips `isActive` in one conditional update; none when missing. */
  readonly toggleAppFaq: (id: string) => Effect.Effect<Option.Option<AppFaq>>
  /** Active app FAQs by sort order. */
  readonly activeAppFaqs: (limit: number) => Effect.Effect<ReadonlyArray<AppFaq>>
  /** Active app FAQs matching every word of `query` (question and answer), best match first. */
  readonly searchAppFaqs: (query: string, limit: number) => Effect.Effect<ReadonlyArray<AppFaq>>
  readonly toggleFaq: (id: string) => Effect.Effect<Option.Option<Faq>>
  /** PENDING → APPROVED/REJECTED with the note, one conditional update. */
  readonly reviewFaq: (id: string, move: "approve" | "reject", note: string | null) => Effect.Effect<Faq, MoveRefused | ResourceNotFound>
  /** Switches a version on and every other one off (one transaction under a table lock); the version in force cannot be switched off. */
  readonly toggleLegal: (kind: LegalKind, id: string) => Effect.Effect<LegalDocument, LegalDocumentInForce | ResourceNotFound>
  /** Deletes a version that is not in force. */
  readonly deleteLegal: (kind: LegalKind, id: string) => Effect.Effect<void, LegalDocumentInForce | ResourceNotFound>
  readonly activeLegal: (kind: LegalKind) => Effect.Effect<Option.Option<LegalDocument>>
  readonly publishedGuidelines: Effect.Effect<ReadonlyArray<CommunityGuideline>>
  readonly publishedGuideline: (slug: string) => Effect.Effect<Option.Option<CommunityGuideline>>
  /** KB articles newest change first, optionally of one status. */
  readonly kbArticles: (status: KbArticleStatus | undefined, offset: number, limit: number) => Effect.Effect<{ readonly items: ReadonlyArray<KbArticle>; readonly total: number }>
  /** Changes the given fields and bumps `version` in the same update (an empty patch changes nothing). */
  readonly updateKbArticle: (id: string, patch: KbArticlePatch) => Effect.Effect<Option.Option<KbArticle>>
  readonly moveKbArticle: (id: string, move: "publish" | "archive") => Effect.Effect<KbArticle, MoveRefused | ResourceNotFound>
}>() {}
