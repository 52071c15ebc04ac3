/** The content context on Postgres (migration 0300): the collections on the generic repository, the rest hand-written. */
import * as SqlClient from "@effect/sql/SqlClient"
import { Content, Platform } from "@podium/core"
import { AppFaq, CommunityGuideline, Faq, KbArticle, LegalDocument } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, rowsOf } from "../rows.pg.js"
import { makeCollectionRepoPg } from "../platform/collection.pg.js"

const appFaqs = rowsOf(AppFaq)
const faqs = rowsOf(Faq)
const legalDocs = rowsOf(LegalDocument)
const guidelines = rowsOf(CommunityGuideline)
const kb = rowsOf(KbArticle)

const legalTable = (kind: Content.LegalKind) => (kind === "privacy" ? "content.privacy_policies" : "content.terms_and_conditions")
const legalName = (kind: Content.LegalKind) => (kind === "privacy" ? "privacy policy" : "terms and conditions")

export const ContentStorePg = Layer.effect(
  Content.ContentStore,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const die = Effect.orDie
    return Content.ContentStore.of({
      toggleAppFaq: (id) => appFaqs.maybe(sql`update content.app_faqs set is_active = not is_active, updated_at = now() where id = ${id} returning *`),
      activeAppFaqs: (limit) => appFaqs.all(sql`select * from content.app_faqs where is_active order by sort_order, created_at, id limit ${limit}`),
      searchAppFaqs: (query, limit) =>
        appFaqs.all(sql`
          select f.* from content.app_faqs f, plainto_tsquery('simple', ${query}) q
          where f.is_active and to_tsvector('simple', f.question || ' ' || f.answer) @@ q
          order by ts_rank(setweight(to_tsvector('simple', f.question), 'A') || setweight(to_tsvector('simple', f.answer), 'B'), q) desc, f.sort_order, f.id
          limit ${limit}`),
      toggleFaq: (id) => faqs.maybe(sql`update content.faqs set is_active = not is_active, updated_at = now() where id = ${id} returning *`),
      reviewFaq: (id, move, note) =>
        applyMove(sql, {
          moves: Content.FaqMoves,
          move,
          table: "content.faqs",
          id,
          set: sql`review_note = ${note}, updated_at = now()`,
          returning: sql`*`,
          rows: faqs,
          notFound: () => new Platform.ResourceNotFound({ resource: "FAQ", id })
        }),
      toggleLegal: (kind, id) => {
        const table = sql(legalTable(kind))
        // One transaction under a table lock: concurrent switches serialise, so exactly one version stays in force.
        return sql.withTransaction(Effect.gen(function*() {
          yield* sql`lock table ${table} in share row exclusive mode`
          const current = yield* legalDocs.maybe(sql`select * from ${table} where id = ${id}`)
          if (Option.isNone(current)) return yield* new Platform.ResourceNotFound({ resource: legalName(kind), id })
          if (current.value.isActive) return yield* new Content.LegalDocumentInForce({ id })
          yield* sql`update ${table} set is_active = false, updated_at = now() where is_active`
          return yield* legalDocs.one(sql`update ${table} set is_active = true, updated_at = now() where id = ${id} returning *`)
        })).pipe(Effect.catchTag("SqlError", Effect.die))
      },
      deleteLegal: (kind, id) => {
        const table = sql(legalTable(kind))
        return Effect.gen(function*() {
          const deleted = yield* die(sql`delete from ${table} where id = ${id} and not is_active returning id`)
          if (deleted.length > 0) return
          const left = yield* die(sql`select id from ${table} where id = ${id}`)
          return yield* left.length > 0 ? new Content.LegalDocumentInForce({ id }) : new Platform.ResourceNotFound({ resource: legalName(kind), id })
        })
      },
      activeLegal: (kind) => legalDocs.maybe(sql`select * from ${sql(legalTable(kind))} where is_active`),
      publishedGuidelines: guidelines.all(sql`select * from content.community_guidelines where is_published order by sort_order, slug`),
      publishedGuideline: (slug) => guidelines.maybe(sql`select * from content.community_guidelines where is_published and slug = ${slug}`),
      kbArticles: (status, offset, limit) => {
        const where = status === undefined ? sql`true` : sql`status = ${status}`
        return Effect.all({
          items: kb.all(sql`select * from content.kb_articles where ${where} order by updated_at desc, id limit ${limit} offset ${offset}`),
          total: Effect.map(counts.one(sql`select count(*)::int as n from content.kb_articles where ${where}`), (r) => r.n)
        })
      },
      updateKbArticle: (id, patch) => {
        const sets = [
          ...(patch.title === undefined ? [] : [sql`title = ${patch.title}`]),
          ...(patch.body === undefined ? [] : [sql`body = ${patch.body}`]),
          ...(patch.category === undefined ? [] : [sql`category = ${patch.category}`])
        ]
        if (sets.length === 0) return kb.maybe(sql`select * from content.kb_articles where id = ${id}`)
        return kb.maybe(sql`update content.kb_articles set ${sql.csv(sets)}, version = version + 1, updated_at = now() where id = ${id} returning *`)
      },
      moveKbArticle: (id, move) =>
        applyMove(sql, {
          moves: Content.KbArticleMoves,
          move,
          table: "content.kb_articles",
          id,
          set: move === "publish" ? sql`published_at = now(), updated_at = now()` : sql`archived_at = now(), updated_at = now()`,
          returning: sql`*`,
          rows: kb,
          notFound: () => new Platform.ResourceNotFound({ resource: "KB article", id })
        })
    })
  })
)

export const ContentReposPg = Layer.mergeAll(
  Layer.effect(Content.AppFaqRepo, makeCollectionRepoPg(Content.AppFaqs, { table: "content.app_faqs" })),
  Layer.effect(Content.FaqRepo, makeCollectionRepoPg(Content.Faqs, { table: "content.faqs" })),
  Layer.effect(Content.PrivacyPolicyRepo, makeCollectionRepoPg(Content.PrivacyPolicies, { table: "content.privacy_policies" })),
  Layer.effect(Content.TermsRepo, makeCollectionRepoPg(Content.TermsAndConditions, { table: "content.terms_and_conditions" })),
  Layer.effect(Content.CommunityGuidelineRepo, makeCollectionRepoPg(Content.CommunityGuidelines, { table: "content.community_guidelines" })),
  Layer.effect(Content.KbArticleRepo, makeCollectionRepoPg(Content.KbArticles, { table: "content.kb_articles" })),
  ContentStorePg
)
