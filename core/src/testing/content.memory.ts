/** Memory twins of the content context: the collections share their maps with the store, which keeps Postgres's visible rules. */
import type { AppFaq, CommunityGuideline, Faq, KbArticle, LegalDocument, MoveRefused } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import {
  AppFaqRepo,
  AppFaqs,
  CommunityGuidelineRepo,
  CommunityGuidelines,
  FaqMoves,
  FaqRepo,
  Faqs,
  KbArticleMoves,
  KbArticleRepo,
  KbArticles,
  LegalDocumentInForce,
  type LegalKind,
  PrivacyPolicies,
  PrivacyPolicyRepo,
  TermsAndConditions,
  TermsRepo
} from "../content/content.model.js"
import { ContentStore } from "../content/content.port.js"
import type { AnyCollection, CollectionRepo, RecordOf } from "../platform/collection.js"
import { ResourceNotFound } from "../platform/crud.port.js"
import { makeCrudRepoMemory } from "./crud.memory.js"

type Row = { readonly id: string }

/** A collection's memory repository together with its map (what makeCollectionRepoMemory keeps private). */
const twin = <C extends AnyCollection>(collection: C) => {
  const c = collection as unknown as {
    readonly resource: string
    readonly unique?: ReadonlyArray<string>
    readonly build: (input: unknown, id: string, at: Date) => Row
    readonly apply: (record: Row, patch: unknown, replace: boolean, at: Date) => Row
  }
  const { records, repo } = makeCrudRepoMemory<Row, unknown, unknown>({ resource: c.resource, unique: (c.unique ?? []) as ReadonlyArray<"id">, build: c.build, apply: c.apply })
  return { repo: repo as unknown as CollectionRepo<C>, records: records as unknown as Map<string, RecordOf<C>> }
}

/** Words as the `simple` text-search configuration splits them. */
const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0)

export const makeContentMemory = () => {
  const appFaqs = twin(AppFaqs)
  const faqs = twin(Faqs)
  const privacy = twin(PrivacyPolicies)
  const terms = twin(TermsAndConditions)
  const guidelines = twin(CommunityGuidelines)
  const kb = twin(KbArticles)
  const now = () => new Date()
  const legal = (kind: LegalKind) => (kind === "privacy" ? privacy.records : terms.records)
  const legalName = (kind: LegalKind) => (kind === "privacy" ? "privacy policy" : "terms and conditions")
  const flip = <A extends { readonly isActive: boolean }>(records: Map<string, A>, id: string) =>
    Effect.sync(() => {
      const r = records.get(id)
      if (r === undefined) return Option.none<A>()
      const next = { ...r, isActive: !r.isActive, updatedAt: now() }
      records.set(id, next)
      return Option.some(next)
    })
  const store = ContentStore.of({
    toggleAppFaq: (id) => flip<AppFaq>(appFaqs.records, id),
    activeAppFaqs: (limit) =>
      Effect.sync(() =>
        [...appFaqs.records.values()].filter((f) => f.isActive)
          .sort((a, b) => a.sortOrder - b.sortOrder || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
          .slice(0, limit)
      ),
    // Rank as ts_rank does in spirit: question hits weigh more than answer hits.
    searchAppFaqs: (query, limit) =>
      Effect.sync(() => {
        const wanted = wordsOf(query)
        if (wanted.length === 0) return []
        return [...appFaqs.records.values()]
          .filter((f) => f.isActive)
          .map((f) => {
            const q = wordsOf(f.question)
            const a = wordsOf(f.answer)
            const all = new Set([...q, ...a])
            const score = wanted.reduce((s, w) => s + q.filter((x) => x === w).length * 1 + a.filter((x) => x === w).length * 0.4, 0)
            return { f, score, hit: wanted.every((w) => all.has(w)) }
          })
          .filter((x) => x.hit)
          .sort((x, y) => y.score - x.score || x.f.sortOrder - y.f.sortOrder || x.f.id.localeCompare(y.f.id))
          .slice(0, limit)
          .map((x) => x.f)
      }),
    toggleFaq: (id) => flip<Faq>(faqs.records, id),
    reviewFaq: (id, move, note) =>
      Effect.suspend((): Effect.Effect<Faq, MoveRefused | ResourceNotFound> => {
        const f = faqs.records.get(id)
        if (f === undefined) return Effect.fail(new ResourceNotFound({ resource: "FAQ", id }))
        const to = FaqMoves.transition(f.status, move)
        if (to._tag === "Left") return Effect.fail(to.left)
        const next: Faq = { ...f, status: to.right, reviewNote: note, updatedAt: now() }
        faqs.records.set(id, next)
        return Effect.succeed(next)
      }),
    toggleLegal: (kind, id) =>
      Effect.suspend((): Effect.Effect<LegalDocument, LegalDocumentInForce | ResourceNotFound> => {
        const records = legal(kind)
        const doc = records.get(id)
        if (doc === undefined) return Effect.fail(new ResourceNotFound({ resource: legalName(kind), id }))
        if (doc.isActive) return Effect.fail(new LegalDocumentInForce({ id }))
        const at = now()
        for (const other of records.values()) if (other.isActive) records.set(other.id, { ...other, isActive: false, updatedAt: at })
        const next: LegalDocument = { ...doc, isActive: true, updatedAt: at }
        records.set(id, next)
        return Effect.succeed(next)
      }),
    deleteLegal: (kind, id) =>
      Effect.suspend((): Effect.Effect<void, LegalDocumentInForce | ResourceNotFound> => {
        const records = legal(kind)
        const doc = records.get(id)
        if (doc === undefined) return Effect.fail(new ResourceNotFound({ resource: legalName(kind), id }))
        if (doc.isActive) return Effect.fail(new LegalDocumentInForce({ id }))
        records.delete(id)
        return Effect.void
      }),
    activeLegal: (kind) => Effect.sync(() => Option.fromNullable([...legal(kind).values()].find((d) => d.isActive))),
    publishedGuidelines: Effect.sync(() =>
      [...guidelines.records.values()].filter((g) => g.isPublished).sort((a, b) => a.sortOrder - b.sortOrder || a.slug.localeCompare(b.slug))
    ),
    publishedGuideline: (slug) =>
      Effect.sync(() => Option.fromNullable([...guidelines.records.values()].find((g: CommunityGuideline) => g.isPublished && g.slug === slug))),
    kbArticles: (status, offset, limit) =>
      Effect.sync(() => {
        const all = [...kb.records.values()].filter((a) => status === undefined || a.status === status)
          .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || a.id.localeCompare(b.id))
        return { items: all.slice(offset, offset + limit), total: all.length }
      }),
    updateKbArticle: (id, patch) =>
      Effect.sync(() => {
        const a = kb.records.get(id)
        if (a === undefined) return Option.none<KbArticle>()
        const fields = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
        if (Object.keys(fields).length === 0) return Option.some(a)
        const next: KbArticle = { ...a, ...fields, version: a.version + 1, updatedAt: now() }
        kb.records.set(id, next)
        return Option.some(next)
      }),
    moveKbArticle: (id, move) =>
      Effect.suspend((): Effect.Effect<KbArticle, MoveRefused | ResourceNotFound> => {
        const a = kb.records.get(id)
        if (a === undefined) return Effect.fail(new ResourceNotFound({ resource: "KB article", id }))
        const to = KbArticleMoves.transition(a.status, move)
        if (to._tag === "Left") return Effect.fail(to.left)
        const at = now()
        const next: KbArticle = { ...a, status: to.right, ...(move === "publish" ? { publishedAt: at } : { archivedAt: at }), updatedAt: at }
        kb.records.set(id, next)
        return Effect.succeed(next)
      })
  })
  return Layer.mergeAll(
    Layer.succeed(AppFaqRepo, appFaqs.repo),
    Layer.succeed(FaqRepo, faqs.repo),
    Layer.succeed(PrivacyPolicyRepo, privacy.repo),
    Layer.succeed(TermsRepo, terms.repo),
    Layer.succeed(CommunityGuidelineRepo, guidelines.repo),
    Layer.succeed(KbArticleRepo, kb.repo),
    Layer.succeed(ContentStore, store)
  )
}

/** The content context's memory layer (fresh maps per build). */
export const ContentReposMemory = Layer.unwrapEffect(Effect.sync(makeContentMemory))
