/**
 * The content context's collections, declared once from their records (generic CRUD pieces), the
 * machines of FAQs and KB articles, and the errors of the operations beyond plain CRUD.
 */
import { AppFaq, CommunityGuideline, DomainError, defineMoves, Faq, type FaqStatus, KbArticle, type KbArticleStatus, LegalDocument } from "@podium/kernel"
import { Context, Schema } from "effect"
import { type CollectionRepo, defineCollection } from "../platform/collection.js"

export const AppFaqs = defineCollection({
  resource: "app FAQ",
  record: AppFaq,
  writable: ["question", "answer", "category", "sortOrder", "isActive"],
  defaults: { category: null, sortOrder: 0, isActive: true },
  sort: [{ field: "sortOrder", order: "ASC" }, { field: "createdAt", order: "ASC" }],
  searchable: ["question", "answer"]
})

// `status`, `reviewNote` and `submittedBy` are writable for the server only: the contract's bodies
// leave them out, the submit handler sets `submittedBy` from the caller, review sets the others.
export const Faqs = defineCollection({
  resource: "FAQ",
  record: Faq,
  writable: ["question", "answer", "category", "status", "reviewNote", "submittedBy", "isActive"],
  defaults: { category: null, status: "PENDING", reviewNote: null, submittedBy: null, isActive: true },
  sort: [{ field: "createdAt", order: "DESC" }],
  searchable: ["question", "answer"]
})

// `isActive` is switched only by the toggle (one version in force at a time), never by a body.
const legal = (resource: string) =>
  defineCollection({
    resource,
    record: LegalDocument,
    writable: ["title", "version", "content", "isActive"],
    defaults: { isActive: false },
    unique: ["version"],
    sort: [{ field: "createdAt", order: "DESC" }],
    searchable: ["title", "version"]
  })
export const PrivacyPolicies = legal("privacy policy")
export const TermsAndConditions = legal("terms and conditions")

export const CommunityGuidelines = defineCollection({
  resource: "community guideline",
  record: CommunityGuideline,
  writable: ["slug", "title", "body", "sortOrder", "isPublished"],
  defaults: { sortOrder: 0, isPublished: false },
  unique: ["slug"],
  sort: [{ field: "sortOrder", order: "ASC" }, { field: "slug", order: "ASC" }],
  searchable: ["title", "slug"]
})

export const KbArticles = defineCollection({
  resource: "KB article",
  record: KbArticle,
  writable: ["title", "body", "category", "status", "version", "publishedAt", "archivedAt"],
  defaults: { category: null, status: "DRAFT", version: 1, publishedAt: null, archivedAt: null },
  sort: [{ field: "updatedAt", order: "DESC" }],
  searchable: ["title"]
})

/** A FAQ is reviewed once: from PENDING to APPROVED or REJECTED (a second review is 409). */
export const FaqMoves = defineMoves<FaqStatus>()({ machine: "FAQ", code: "FAQ_ALREADY_REVIEWED" }, {
  approve: { from: ["PENDING"], to: "APPROVED" },
  reject: { from: ["PENDING"], to: "REJECTED" }
})

/**
 * KB articles (states.tsv "KB article"): publish only from DRAFT; archive from any state not yet
 * archived (the spec does not show its source state; archiving twice would be a silent no-op).
 */
export const KbArticleMoves = defineMoves<KbArticleStatus>()({ machine: "KB article", code: "KB_ARTICLE_MOVE_REFUSED" }, {
  publish: { from: ["DRAFT"], to: "PUBLISHED" },
  archive: { from: ["DRAFT", "PUBLISHED"], to: "ARCHIVED" }
})

export type LegalKind = "privacy" | "terms"

/** The version in force cannot be switched off or deleted: another version must be switched on instead. */
export class LegalDocumentInForce extends DomainError<LegalDocumentInForce>()("LegalDocumentInForce", { kind: "conflict", code: "LEGAL_DOCUMENT_IN_FORCE" }, {
  id: Schema.String
}) {
  override get message() {
    return "This version is in force; switch another version on to replace it"
  }
}

/** No version of the document is in force yet. */
export class NoLegalDocumentInForce extends DomainError<NoLegalDocumentInForce>()("NoLegalDocumentInForce", { kind: "not-found", code: "LEGAL_DOCUMENT_NOT_IN_FORCE" }, {
  resource: Schema.String
}) {
  override get message() {
    return `No ${this.resource} is in force`
  }
}

/** No published community guideline has that slug. */
export class GuidelineNotFound extends DomainError<GuidelineNotFound>()("GuidelineNotFound", { kind: "not-found", code: "COMMUNITY_GUIDELINE_NOT_FOUND" }, {
  slug: Schema.String
}) {
  override get message() {
    return `No published community guideline ${this.slug}`
  }
}

export class AppFaqRepo extends Context.Tag("@podium/core/content/AppFaqRepo")<AppFaqRepo, CollectionRepo<typeof AppFaqs>>() {}
export class FaqRepo extends Context.Tag("@podium/core/content/FaqRepo")<FaqRepo, CollectionRepo<typeof Faqs>>() {}
export class PrivacyPolicyRepo extends Context.Tag("@podium/core/content/PrivacyPolicyRepo")<PrivacyPolicyRepo, CollectionRepo<typeof PrivacyPolicies>>() {}
export class TermsRepo extends Context.Tag("@podium/core/content/TermsRepo")<TermsRepo, CollectionRepo<typeof TermsAndConditions>>() {}
export class CommunityGuidelineRepo extends Context.Tag("@podium/core/content/CommunityGuidelineRepo")<CommunityGuidelineRepo, CollectionRepo<typeof CommunityGuidelines>>() {}
export class KbArticleRepo extends Context.Tag("@podium/core/content/KbArticleRepo")<KbArticleRepo, CollectionRepo<typeof KbArticles>>() {}
