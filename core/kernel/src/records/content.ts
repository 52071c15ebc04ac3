/** Records of the content context (app FAQs, FAQs, legal documents, community guidelines, KB articles). */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { Bool, IntBetween, OneOf, says, StrLength, UuidStr } from "../validation.js"

/** An app FAQ (C "Athlete / App FAQs"): admins curate them; the app shows the active ones, searchable. */
export const AppFaq = Schema.Struct({
  id: UuidStr,
  question: StrLength(1, 300),
  answer: StrLength(1, 5000),
  category: Schema.NullOr(StrLength(1, 60)),
  sortOrder: IntBetween(0, 10_000),
  isActive: Bool,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "AppFaq" })
export interface AppFaq extends Schema.Schema.Type<typeof AppFaq> {}

export const FaqStatuses = ["PENDING", "APPROVED", "REJECTED"] as const
export const FaqStatus = OneOf(...FaqStatuses)
export type FaqStatus = typeof FaqStatus.Type

/**
 * A FAQ (C "Athlete / FAQs"): any signed-in account submits one (PENDING); admins review it
 * (APPROVED or REJECTED, with a note) and switch it on or off.
 */
export const Faq = Schema.Struct({
  id: UuidStr,
  question: StrLength(1, 300),
  answer: StrLength(1, 5000),
  category: Schema.NullOr(StrLength(1, 60)),
  status: FaqStatus,
  reviewNote: Schema.NullOr(StrLength(1, 500)),
  submittedBy: Schema.NullOr(Schema.String),
  isActive: Bool,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "Faq" })
export interface Faq extends Schema.Schema.Type<typeof Faq> {}

/**
 * A version of a legal document (privacy policy, terms and conditions): versions are unique per
 * document kind and exactly one of them is in force (`isActive`) once the first is switched on.
 */
export const LegalDocument = Schema.Struct({
  id: UuidStr,
  title: StrLength(1, 200),
  version: StrLength(1, 20),
  content: StrLength(1, 100_000),
  isActive: Bool,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "LegalDocument" })
export interface LegalDocument extends Schema.Schema.Type<typeof LegalDocument> {}

/** A URL-safe slug: lower-case letters, digits and single dashes. */
export const ContentSlug = Schema.String.pipe(
  Schema.filter((s) => s.length >= 1 && s.length <= 80 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s)),
  Schema.annotations(says("must be a slug of 1 to 80 lower-case letters, digits and dashes"))
)

/** A community guideline (B "Community guidelines"): admins write them; published ones are readable by anyone. */
export const CommunityGuideline = Schema.Struct({
  id: UuidStr,
  slug: ContentSlug,
  title: StrLength(1, 200),
  body: StrLength(1, 50_000),
  sortOrder: IntBetween(0, 10_000),
  isPublished: Bool,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "CommunityGuideline" })
export interface CommunityGuideline extends Schema.Schema.Type<typeof CommunityGuideline> {}

export const KbArticleStatuses = ["DRAFT", "PUBLISHED", "ARCHIVED"] as const
export const KbArticleStatus = OneOf(...KbArticleStatuses)
export type KbArticleStatus = typeof KbArticleStatus.Type

/** A knowledge-base article (B "KB articles"): created DRAFT, published, archived; every update bumps `version`. */
export const KbArticle = Schema.Struct({
  id: UuidStr,
  title: StrLength(1, 200),
  body: StrLength(1, 100_000),
  category: Schema.NullOr(StrLength(1, 60)),
  status: KbArticleStatus,
  version: Schema.Int,
  publishedAt: Schema.NullOr(Instant),
  archivedAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "KbArticle" })
export interface KbArticle extends Schema.Schema.Type<typeof KbArticle> {}
