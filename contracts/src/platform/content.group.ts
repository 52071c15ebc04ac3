/**
 * Content pages (C "Athlete / App FAQs, Privacy policies, Terms and conditions, FAQs, Guidelines",
 * B "Community guidelines", "KB articles"). Admins holding `content.manage` write everything; the
 * app reads the public projections without signing in. Where the spec leaves the guard open
 * ("unknown"), writes and unfiltered reads are admin-only and the reads the app needs before
 * sign-in (public FAQ lists, the legal versions in force, published guidelines) are public.
 * Literal sub-paths are listed before `/:id`, which would otherwise shadow them.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { AppFaq, Body, CommunityGuideline, ContentSlug, Faq, inputOf, IntFromText, KbArticle, KbArticleStatus, LegalDocument, OneOf, Optional, Query, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, crudEndpoints, IdPath, op, PageOf, PageParams, Requires } from "../common/index.js"

const admin = AdminPermission("content.manage")

const appFaqWritable = ["category", "sortOrder", "isActive"] as const
const appFaqs = crudEndpoints({
  name: "AppFaq",
  path: "/v2/app-frequently-asked-questions",
  item: AppFaq,
  create: inputOf(AppFaq, { required: ["question", "answer"], optional: appFaqWritable }),
  update: inputOf(AppFaq, { required: [], optional: ["question", "answer", ...appFaqWritable] }),
  maxBulk: 100
})
const AppFaqSearch = Query({ q: StrLength(1, 100), limit: Optional(IntFromText(1, 50)) })

/** App FAQs: admin CRUD and toggle; the active ones are public, listed and searched by relevance. */
export class AppFaqsGroup extends HttpApiGroup.make("appFaqs")
  .add(op.get("publicAppFaqs", "/v2/app-frequently-asked-questions/public", { ok: Schema.Array(AppFaq), summary: "The active app FAQs by sort order (public)" }))
  .add(op.get("searchPublicAppFaqs", "/v2/app-frequently-asked-questions/public/search", { query: AppFaqSearch, ok: Schema.Array(AppFaq), summary: "Active app FAQs holding every word of q (question or answer), most relevant first (public; Postgres full text)" }))
  .add(op.get("publicAppFaq", "/v2/app-frequently-asked-questions/:id/public", { path: IdPath, ok: AppFaq, summary: "One active app FAQ (public; an inactive one is 404)" }))
  .add(op.patch("toggleAppFaq", "/v2/app-frequently-asked-questions/:id/toggle", { path: IdPath, ok: AppFaq, summary: "Switch an app FAQ on or off" }).middleware(Authenticated).annotate(Requires, admin))
  .add(appFaqs.getMany.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, "List app FAQs, inactive included (generic list query)"))
  .add(appFaqs.createOne.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, "Create an app FAQ (active by default)"))
  .add(appFaqs.getOne.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, "Read an app FAQ"))
  .add(appFaqs.updateOne.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, "Change an app FAQ"))
  .add(appFaqs.deleteOne.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, "Delete an app FAQ"))
  .annotate(OpenApi.Title, "Content / App FAQs")
{}

const faqs = crudEndpoints({
  name: "Faq",
  path: "/v2/frequently-asked-questions",
  item: Faq,
  create: inputOf(Faq, { required: ["question", "answer"], optional: ["category"] }),
  update: inputOf(Faq, { required: [], optional: ["question", "answer", "category"] }),
  maxBulk: 100
})
export const ReviewFaqDto = Body({ status: OneOf("APPROVED", "REJECTED"), note: Optional(StrLength(1, 500)) }).annotations({ identifier: "ReviewFaqDto" })

/**
 * FAQs: any signed-in account (athlete, organizer, club or brand staff) submits one, PENDING;
 * admins read the queue, review it once (409 FAQ_ALREADY_REVIEWED), edit, switch and delete.
 */
export class FaqsGroup extends HttpApiGroup.make("faqs")
  .add(op.patch("reviewFaq", "/v2/frequently-asked-questions/:id/review", { path: IdPath, body: ReviewFaqDto, ok: Faq, summary: "Approve or reject a PENDING FAQ with an optional note (409 FAQ_ALREADY_REVIEWED)" }).middleware(Authenticated).annotate(Requires, admin))
  .add(op.patch("toggleFaq", "/v2/frequently-asked-questions/:id/toggle", { path: IdPath, ok: Faq, summary: "Switch a FAQ on or off" }).middleware(Authenticated).annotate(Requires, admin))
  .add(faqs.getMany.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, "List FAQs of every status (generic list query; filter=status||$eq||PENDING for the review queue)"))
  .add(faqs.createOne.middleware(Authenticated).annotate(OpenApi.Summary, "Submit a FAQ (any signed-in account); it waits PENDING for review"))
  .add(faqs.getOne.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, "Read a FAQ"))
  .add(faqs.updateOne.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, "Change a FAQ's question, answer or category"))
  .add(faqs.deleteOne.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, "Delete a FAQ"))
  .annotate(OpenApi.Title, "Content / FAQs")
{}

const legalEndpoints = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path, what: string) => {
  const crud = crudEndpoints({
    name,
    path,
    item: LegalDocument,
    create: inputOf(LegalDocument, { required: ["title", "version", "content"], optional: [] }),
    update: inputOf(LegalDocument, { required: [], optional: ["title", "version", "content"] }),
    maxBulk: 20
  })
  return {
    active: op.get(`active${name}`, `${path}/active` as `/${string}`, { ok: LegalDocument, summary: `The ${what} in force (public; 404 LEGAL_DOCUMENT_NOT_IN_FORCE before one is switched on)` }),
    publicOne: op.get(`public${name}`, `${path}/:id/public` as `/${string}`, { path: IdPath, ok: LegalDocument, summary: `One version of the ${what}, in force or not (public: users may read what they accepted)` }),
    toggle: op.patch(`toggle${name}`, `${path}/:id/toggle` as `/${string}`, { path: IdPath, ok: LegalDocument, summary: `Put this version of the ${what} in force, taking the previous one out in the same transaction (409 LEGAL_DOCUMENT_IN_FORCE when it already is)` }).middleware(Authenticated).annotate(Requires, admin),
    getMany: crud.getMany.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, `List versions of the ${what}`),
    createOne: crud.createOne.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, `Create a version of the ${what}, not in force (versions unique: 409 LEGAL_DOCUMENT_VERSION_EXISTS)`),
    getOne: crud.getOne.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, `Read a version of the ${what}`),
    updateOne: crud.updateOne.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, `Change a version of the ${what}`),
    deleteOne: crud.deleteOne.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, `Delete a version of the ${what} that is not in force (409 LEGAL_DOCUMENT_IN_FORCE)`)
  }
}
const privacy = legalEndpoints("PrivacyPolicy", "/v2/app-privacy-policies", "privacy policy")
const terms = legalEndpoints("TermsAndConditions", "/v2/app-terms-and-conditions", "terms and conditions")

/** Privacy policies: versioned, exactly one in force once the first is switched on. */
export class PrivacyPoliciesGroup extends HttpApiGroup.make("privacyPolicies")
  .add(privacy.active).add(privacy.publicOne).add(privacy.toggle)
  .add(privacy.getMany).add(privacy.createOne).add(privacy.getOne).add(privacy.updateOne).add(privacy.deleteOne)
  .annotate(OpenApi.Title, "Content / Privacy policies")
{}

/** Terms and conditions: versioned like privacy policies. */
export class TermsAndConditionsGroup extends HttpApiGroup.make("termsAndConditions")
  .add(terms.active).add(terms.publicOne).add(terms.toggle)
  .add(terms.getMany).add(terms.createOne).add(terms.getOne).add(terms.updateOne).add(terms.deleteOne)
  .annotate(OpenApi.Title, "Content / Terms and conditions")
{}

const guidelines = crudEndpoints({
  name: "CommunityGuideline",
  path: "/v2/admin/community-guidelines",
  item: CommunityGuideline,
  create: inputOf(CommunityGuideline, { required: ["slug", "title", "body"], optional: ["sortOrder", "isPublished"] }),
  update: inputOf(CommunityGuideline, { required: [], optional: ["slug", "title", "body", "sortOrder", "isPublished"] }),
  maxBulk: 100
})

/** Community guidelines as admins write them (slugs unique: 409 COMMUNITY_GUIDELINE_EXISTS). */
export class AdminCommunityGuidelinesGroup extends HttpApiGroup.make("adminCommunityGuidelines")
  .add(guidelines.getMany.annotate(OpenApi.Summary, "List community guidelines, unpublished included"))
  .add(guidelines.createOne.annotate(OpenApi.Summary, "Create a community guideline (unpublished by default)"))
  .add(guidelines.getOne.annotate(OpenApi.Summary, "Read a community guideline"))
  .add(guidelines.updateOne.annotate(OpenApi.Summary, "Change, publish or unpublish a community guideline"))
  .middleware(Authenticated)
  .annotate(Requires, admin)
  .annotate(OpenApi.Title, "Admin: community guidelines")
{}

/** The published community guidelines, public: the app shows them before sign-up. */
export class CommunityGuidelinesGroup extends HttpApiGroup.make("communityGuidelines")
  .add(op.get("publishedCommunityGuidelines", "/v2/ops/community-guidelines", { ok: Schema.Array(CommunityGuideline), summary: "The published community guidelines by sort order (public)" }))
  .add(op.get("publishedCommunityGuideline", "/v2/ops/community-guidelines/:slug", { path: Schema.Struct({ slug: ContentSlug }), ok: CommunityGuideline, summary: "A published community guideline by slug (public; 404 COMMUNITY_GUIDELINE_NOT_FOUND)" }))
  .annotate(OpenApi.Title, "Content / Community guidelines")
{}

const kb = "/v2/admin/kb-articles"
const KbArticleList = Query({ ...PageParams, status: Optional(KbArticleStatus) })
export const CreateKbArticleDto = inputOf(KbArticle, { required: ["title", "body"], optional: ["category"] })
export const UpdateKbArticleDto = inputOf(KbArticle, { required: [], optional: ["title", "body", "category"] })

/** KB articles: created DRAFT, published from DRAFT, archived; every change bumps the version. */
export class KbArticlesGroup extends HttpApiGroup.make("kbArticles")
  .add(op.get("kbArticles", kb, { query: KbArticleList, ok: PageOf(KbArticle), summary: "KB articles, latest change first, by status" }))
  .add(op.post("createKbArticle", kb, { body: CreateKbArticleDto, ok: KbArticle, status: 201, summary: "Create a KB article as DRAFT, version 1" }))
  .add(op.get("kbArticle", `${kb}/:id`, { path: IdPath, ok: KbArticle, summary: "Read a KB article" }))
  .add(op.patch("updateKbArticle", `${kb}/:id`, { path: IdPath, body: UpdateKbArticleDto, ok: KbArticle, summary: "Change a KB article in any state; the version goes up by one" }))
  .add(op.post("archiveKbArticle", `${kb}/:id/archive`, { path: IdPath, ok: KbArticle, summary: "Archive a draft or published KB article (409 KB_ARTICLE_MOVE_REFUSED once archived)" }))
  .add(op.post("publishKbArticle", `${kb}/:id/publish`, { path: IdPath, ok: KbArticle, summary: "Publish a DRAFT KB article (409 KB_ARTICLE_MOVE_REFUSED otherwise)" }))
  .middleware(Authenticated)
  .annotate(Requires, admin)
  .annotate(OpenApi.Title, "Admin: KB articles")
{}
