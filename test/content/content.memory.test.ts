/** The content context's memory twins keep the Postgres adapters' visible rules, without a host. */
import { Content } from "@podium/core"
import { ContentReposMemory } from "@podium/core/testing"
import { Effect, Either, Option } from "effect"
import { describe, expect, it } from "vitest"

type Repos = Content.AppFaqRepo | Content.FaqRepo | Content.PrivacyPolicyRepo | Content.TermsRepo | Content.CommunityGuidelineRepo | Content.KbArticleRepo | Content.ContentStore
const run = <A, E>(effect: Effect.Effect<A, E, Repos>) => Effect.runPromise(effect.pipe(Effect.provide(ContentReposMemory)))

describe("content memory twins", () => {
  it("keep one legal version in force, refuse switching it off or deleting it, and keep kinds apart", async () => {
    const out = await run(Effect.gen(function*() {
      const repo = yield* Content.PrivacyPolicyRepo
      const store = yield* Content.ContentStore
      const a = yield* repo.create({ title: "A", version: "1", content: "a" })
      const b = yield* repo.create({ title: "B", version: "2", content: "b" })
      const taken = yield* Effect.either(repo.create({ title: "C", version: "1", content: "c" }))
      yield* store.toggleLegal("privacy", a.id)
      yield* store.toggleLegal("privacy", b.id)
      const off = yield* Effect.either(store.toggleLegal("privacy", b.id))
      const del = yield* Effect.either(store.deleteLegal("privacy", b.id))
      yield* store.deleteLegal("privacy", a.id)
      return { a, taken, off, del, active: yield* store.activeLegal("privacy"), terms: yield* store.activeLegal("terms"), left: yield* repo.get(a.id), b }
    }))
    expect(out.a.isActive).toBe(false)
    expect(Either.isLeft(out.taken)).toBe(true)
    expect(Either.getLeft(out.off).pipe(Option.map((e) => e._tag))).toEqual(Option.some("LegalDocumentInForce"))
    expect(Either.getLeft(out.del).pipe(Option.map((e) => e._tag))).toEqual(Option.some("LegalDocumentInForce"))
    expect(Option.map(out.active, (d) => d.id)).toEqual(Option.some(out.b.id))
    expect(Option.isNone(out.terms)).toBe(true)
    expect(Option.isNone(out.left)).toBe(true)
  })

  it("search active app FAQs by every word, question hits first; review FAQs once; bump KB versions and move them by the table", async () => {
    const out = await run(Effect.gen(function*() {
      const faqs = yield* Content.AppFaqRepo
      const store = yield* Content.ContentStore
      const inAnswer = yield* faqs.create({ question: "Wallets", answer: "medal refund as RC" })
      const inQuestion = yield* faqs.create({ question: "medal refund timing", answer: "soon" })
      yield* faqs.create({ question: "medal refund old", answer: "x", isActive: false })
      const found = yield* store.searchAppFaqs("Medal refund", 10)
      const faq = yield* (yield* Content.FaqRepo).create({ question: "q", answer: "a" })
      const approved = yield* store.reviewFaq(faq.id, "approve", null)
      const twice = yield* Effect.either(store.reviewFaq(faq.id, "reject", null))
      const kb = yield* (yield* Content.KbArticleRepo).create({ title: "t", body: "b" })
      const bumped = yield* store.updateKbArticle(kb.id, { title: "t2" })
      const published = yield* store.moveKbArticle(kb.id, "publish")
      const republish = yield* Effect.either(store.moveKbArticle(kb.id, "publish"))
      return { ids: found.map((f) => f.id), inAnswer, inQuestion, approved, twice, kb, bumped, published, republish }
    }))
    expect(out.ids).toEqual([out.inQuestion.id, out.inAnswer.id])
    expect(out.approved.status).toBe("APPROVED")
    expect(Either.isLeft(out.twice)).toBe(true)
    expect(out.kb).toMatchObject({ status: "DRAFT", version: 1 })
    expect(Option.map(out.bumped, (a) => a.version)).toEqual(Option.some(2))
    expect(out.published.status).toBe("PUBLISHED")
    expect(Either.isLeft(out.republish)).toBe(true)
  })
})
