/** Bib templates on Postgres (challenges.bib_templates; migration 0077). */
import * as SqlClient from "@effect/sql/SqlClient"
import { Challenges } from "@podium/core"
import { BibTemplate } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const BibTemplateRepoPg = Layer.effect(Challenges.BibTemplateRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const templates = rowsOf(BibTemplate)
  return Challenges.BibTemplateRepo.of({
    create: (t) =>
      templates.one(sql`
        insert into challenges.bib_templates (scope, organizer_id, name, description, background_color, text_color, accent_color, font_family,
          show_qr_code, sample_bib_number, sample_name, thumbnail_svg, thumbnail_rendered_at, created_by)
        values (${t.scope}, ${t.organizerId}, ${t.name}, ${t.description}, ${t.backgroundColor}, ${t.textColor}, ${t.accentColor}, ${t.fontFamily},
          ${t.showQrCode}, ${t.sampleBibNumber}, ${t.sampleName}, ${t.thumbnailSvg}, ${t.thumbnailRenderedAt}, ${t.createdBy})
        returning *`),
    findById: (id) => Uuid.test(id) ? templates.maybe(sql`select * from challenges.bib_templates where id = ${id}`) : Effect.succeed(Option.none()),
    gallery: (organizerId) =>
      templates.all(sql`
        select * from challenges.bib_templates
        where scope = 'GLOBAL' ${organizerId === undefined ? sql`` : sql`or organizer_id = ${organizerId}`}
        order by (scope = 'GLOBAL') desc, created_at desc, id`),
    update: (id, w) =>
      templates.maybe(sql`
        update challenges.bib_templates set name = ${w.name}, description = ${w.description}, background_color = ${w.backgroundColor},
          text_color = ${w.textColor}, accent_color = ${w.accentColor}, font_family = ${w.fontFamily}, show_qr_code = ${w.showQrCode},
          sample_bib_number = ${w.sampleBibNumber}, sample_name = ${w.sampleName}, thumbnail_svg = ${w.thumbnailSvg},
          thumbnail_rendered_at = ${w.thumbnailRenderedAt}, updated_at = now()
        where id = ${id} returning *`).pipe(
        Effect.flatMap(Option.match({ onSome: Effect.succeed, onNone: () => Effect.fail(new Challenges.BibTemplateNotFound({ id })) }))
      ),
    remove: (id) =>
      counts.one(sql`with gone as (delete from challenges.bib_templates where id = ${id} returning 1) select count(*)::int as n from gone`).pipe(
        Effect.map(({ n }) => n > 0)
      )
  })
}))
