/** Handlers of the content pages: the generic CRUD handlers for the collections, one use case for each other operation. */
import type { HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { PlatformApi } from "@podium/contracts/platform"
import { Content, Platform } from "@podium/core"
import { Effect, type Layer } from "effect"
import { crudHandlers } from "../platform/crud.handlers.js"
import { apiGroup } from "../serving/served-groups.js"

const appFaqs = crudHandlers({ resource: Content.AppFaqs.crud, repo: Content.AppFaqRepo })
const faqs = crudHandlers({ resource: Content.Faqs.crud, repo: Content.FaqRepo })
const guidelines = crudHandlers({ resource: Content.CommunityGuidelines.crud, repo: Content.CommunityGuidelineRepo, conflictCode: "COMMUNITY_GUIDELINE_EXISTS" })

export const AppFaqsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "appFaqs">, never, Content.AppFaqRepo | Content.ContentStore | Authenticated> =
  apiGroup(PlatformApi, "appFaqs", (handlers) =>
    handlers
      .handle("publicAppFaqs", () => Content.publicAppFaqs())
      .handle("searchPublicAppFaqs", ({ urlParams }) => Content.searchAppFaqs(urlParams.q, urlParams.limit ?? 20))
      .handle("publicAppFaq", ({ path }) => Content.publicAppFaq(path.id))
      .handle("toggleAppFaq", ({ path }) => Content.toggleAppFaq(path.id))
      .handle("getManyAppFaq", appFaqs.getMany)
      .handle("createOneAppFaq", appFaqs.createOne)
      .handle("getOneAppFaq", appFaqs.getOne)
      .handle("updateOneAppFaq", appFaqs.updateOne)
      .handle("deleteOneAppFaq", appFaqs.deleteOne))

export const FaqsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "faqs">, never, Content.FaqRepo | Content.ContentStore | Authenticated> =
  apiGroup(PlatformApi, "faqs", (handlers) =>
    handlers
      .handle("reviewFaq", ({ path, payload }) => Content.reviewFaq(path.id, payload.status, payload.note ?? null))
      .handle("toggleFaq", ({ path }) => Content.toggleFaq(path.id))
      .handle("getManyFaq", faqs.getMany)
      // The submitter is the caller, whoever signed in; the body cannot name another.
      .handle("createOneFaq", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => faqs.createOne({ payload: { ...payload, submittedBy: me.accountId } })))
      .handle("getOneFaq", faqs.getOne)
      .handle("updateOneFaq", faqs.updateOne)
      .handle("deleteOneFaq", faqs.deleteOne))

const privacy = crudHandlers({ resource: Content.PrivacyPolicies.crud, repo: Content.PrivacyPolicyRepo, conflictCode: "LEGAL_DOCUMENT_VERSION_EXISTS", deleteOne: (id) => Content.deleteLegal("privacy", id) })
const terms = crudHandlers({ resource: Content.TermsAndConditions.crud, repo: Content.TermsRepo, conflictCode: "LEGAL_DOCUMENT_VERSION_EXISTS", deleteOne: (id) => Content.deleteLegal("terms", id) })

export const PrivacyPoliciesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "privacyPolicies">, never, Content.PrivacyPolicyRepo | Content.ContentStore | Authenticated> =
  apiGroup(PlatformApi, "privacyPolicies", (handlers) =>
    handlers
      .handle("activePrivacyPolicy", () => Content.activeLegal("privacy"))
      .handle("publicPrivacyPolicy", ({ path }) => Effect.flatMap(Content.PrivacyPolicyRepo, (repo) => Platform.getResource(Content.PrivacyPolicies.crud, repo, path.id)))
      .handle("togglePrivacyPolicy", ({ path }) => Content.toggleLegal("privacy", path.id))
      .handle("getManyPrivacyPolicy", privacy.getMany)
      .handle("createOnePrivacyPolicy", privacy.createOne)
      .handle("getOnePrivacyPolicy", privacy.getOne)
      .handle("updateOnePrivacyPolicy", privacy.updateOne)
      .handle("deleteOnePrivacyPolicy", privacy.deleteOne))

export const TermsAndConditionsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "termsAndConditions">, never, Content.TermsRepo | Content.ContentStore | Authenticated> =
  apiGroup(PlatformApi, "termsAndConditions", (handlers) =>
    handlers
      .handle("activeTermsAndConditions", () => Content.activeLegal("terms"))
      .handle("publicTermsAndConditions", ({ path }) => Effect.flatMap(Content.TermsRepo, (repo) => Platform.getResource(Content.TermsAndConditions.crud, repo, path.id)))
      .handle("toggleTermsAndConditions", ({ path }) => Content.toggleLegal("terms", path.id))
      .handle("getManyTermsAndConditions", terms.getMany)
      .handle("createOneTermsAndConditions", terms.createOne)
      .handle("getOneTermsAndConditions", terms.getOne)
      .handle("updateOneTermsAndConditions", terms.updateOne)
      .handle("deleteOneTermsAndConditions", terms.deleteOne))

export const AdminCommunityGuidelinesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminCommunityGuidelines">, never, Content.CommunityGuidelineRepo | Authenticated> =
  apiGroup(PlatformApi, "adminCommunityGuidelines", (handlers) =>
    handlers
      .handle("getManyCommunityGuideline", guidelines.getMany)
      .handle("createOneCommunityGuideline", guidelines.createOne)
      .handle("getOneCommunityGuideline", guidelines.getOne)
      .handle("updateOneCommunityGuideline", guidelines.updateOne))

export const CommunityGuidelinesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "communityGuidelines">, never, Content.ContentStore> =
  apiGroup(PlatformApi, "communityGuidelines", (handlers) =>
    handlers
      .handle("publishedCommunityGuidelines", () => Content.publishedGuidelines())
      .handle("publishedCommunityGuideline", ({ path }) => Content.publishedGuideline(path.slug)))

export const KbArticlesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "kbArticles">, never, Content.KbArticleRepo | Content.ContentStore | Authenticated> =
  apiGroup(PlatformApi, "kbArticles", (handlers) =>
    handlers
      .handle("kbArticles", ({ urlParams: q }) => { const { page, limit } = pageOf(q); return Content.kbArticles(q.status, page, limit) })
      .handle("createKbArticle", ({ payload }) => Effect.flatMap(Content.KbArticleRepo, (repo) => repo.create(payload)))
      .handle("kbArticle", ({ path }) => Effect.flatMap(Content.KbArticleRepo, (repo) => Platform.getResource(Content.KbArticles.crud, repo, path.id)))
      .handle("updateKbArticle", ({ path, payload }) => Content.updateKbArticle(path.id, payload))
      .handle("archiveKbArticle", ({ path }) => Content.moveKbArticle(path.id, "archive"))
      .handle("publishKbArticle", ({ path }) => Content.moveKbArticle(path.id, "publish")))
