/** Use cases of the content context beyond the generic CRUD handlers. */
import type { KbArticleStatus } from "@podium/kernel"
import { Effect, Option } from "effect"
import { ResourceNotFound } from "../platform/crud.port.js"
import { AppFaqRepo, GuidelineNotFound, type LegalKind, NoLegalDocumentInForce } from "./content.model.js"
import { ContentStore, type KbArticlePatch } from "./content.port.js"

const found = (resource: string, id: string) => <A>(o: Option.Option<A>) =>
  Option.match(o, { onNone: () => Effect.fail(new ResourceNotFound({ resource, id })), onSome: Effect.succeed })

const legalName = (kind: LegalKind) => (kind === "privacy" ? "privacy policy" : "terms and conditions")

/** The public app-FAQ list holds at most this many (the app shows them on one screen). */
export const PublicAppFaqLimit = 500

export const toggleAppFaq = Effect.fn("content.appFaqs.toggle")(function*(id: string) {
  return yield* found("app FAQ", id)(yield* (yield* ContentStore).toggleAppFaq(id))
})

export const publicAppFaqs = Effect.fn("content.appFaqs.public")(function*() {
  return yield* (yield* ContentStore).activeAppFaqs(PublicAppFaqLimit)
})

/** An inactive app FAQ is not public: it answers 404 like a missing one. */
export const publicAppFaq = Effect.fn("content.appFaqs.publicOne")(function*(id: string) {
  return yield* found("app FAQ", id)(Option.filter(yield* (yield* AppFaqRepo).get(id), (f) => f.isActive))
})

export const searchAppFaqs = Effect.fn("content.appFaqs.search")(function*(query: string, limit: number) {
  return yield* (yield* ContentStore).searchAppFaqs(query, limit)
})

export const toggleFaq = Effect.fn("content.faqs.toggle")(function*(id: string) {
  return yield* found("FAQ", id)(yield* (yield* ContentStore).toggleFaq(id))
})

export const reviewFaq = Effect.fn("content.faqs.review")(function*(id: string, decision: "APPROVED" | "REJECTED", note: string | null) {
  return yield* (yield* ContentStore).reviewFaq(id, decision === "APPROVED" ? "approve" : "reject", note)
})

export const toggleLegal = Effect.fn("content.legal.toggle")(function*(kind: LegalKind, id: string) {
  return yield* (yield* ContentStore).toggleLegal(kind, id)
})

export const deleteLegal = Effect.fn("content.legal.delete")(function*(kind: LegalKind, id: string) {
  return yield* (yield* ContentStore).deleteLegal(kind, id)
})

export const activeLegal = Effect.fn("content.legal.active")(function*(kind: LegalKind) {
  return yield* Option.match(yield* (yield* ContentStore).activeLegal(kind), {
    onNone: () => Effect.fail(new NoLegalDocumentInForce({ resource: legalName(kind) })),
    onSome: Effect.succeed
  })
})

export const publishedGuidelines = Effect.fn("content.guidelines.published")(function*() {
  return yield* (yield* ContentStore).publishedGuidelines
})

export const publishedGuideline = Effect.fn("content.guidelines.publishedOne")(function*(slug: string) {
  return yield* Option.match(yield* (yield* ContentStore).publishedGuideline(slug), {
    onNone: () => Effect.fail(new GuidelineNotFound({ slug })),
    onSome: Effect.succeed
  })
})

export const kbArticles = Effect.fn("content.kb.list")(function*(status: KbArticleStatus | undefined, page: number, limit: number) {
  const { items, total } = yield* (yield* ContentStore).kbArticles(status, (page - 1) * limit, limit)
  return { items, total, page, limit }
})

export const updateKbArticle = Effect.fn("content.kb.update")(function*(id: string, patch: KbArticlePatch) {
  return yield* found("KB article", id)(yield* (yield* ContentStore).updateKbArticle(id, patch))
})

export const moveKbArticle = Effect.fn("content.kb.move")(function*(id: string, move: "publish" | "archive") {
  return yield* (yield* ContentStore).moveKbArticle(id, move)
})
