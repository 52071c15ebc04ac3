/**
 * Official partners on Postgres (partners.official_partners, partners.logo_images,
 * partners.exclusive_tab; migration 0260). One current partnership per subject is a partial unique
 * index; removal and changes are conditional updates on `removed_at is null`; the tab is one row
 * updated in place with its version bumped in the same statement.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Partners } from "@podium/core"
import { OfficialPartner, PartnerExclusiveTab, PartnerLogoImage } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { onUnique, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A page row: the partnership and the size of the whole filtered list. */
const PartnerPageRow = Schema.Struct({ ...OfficialPartner.fields, total: Schema.Number })

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

export const OfficialPartnerRepoPg = Layer.effect(Partners.OfficialPartnerRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const partners = rowsOf(OfficialPartner)
  const pageRows = rowsOf(PartnerPageRow)
  const textArray = (values: ReadonlyArray<string>) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`
  const statusAt = (status: string | undefined, now: Date) => {
    switch (status) {
      case undefined: return sql`removed_at is null`
      case "REMOVED": return sql`removed_at is not null`
      case "SCHEDULED": return sql`removed_at is null and valid_from > ${now}`
      case "EXPIRED": return sql`removed_at is null and valid_from <= ${now} and valid_until is not null and valid_until <= ${now}`
      default: return sql`removed_at is null and valid_from <= ${now} and (valid_until is null or valid_until > ${now})`
    }
  }
  return Partners.OfficialPartnerRepo.of({
    create: (input) =>
      partners.one(onUnique(() => new Partners.OfficialPartnerExists({ subjectType: input.subjectType, subjectId: input.subjectId }))(sql`
        insert into partners.official_partners (
          subject_type, subject_id, tier, benefits, display_name, tagline, description, website_url, display_order,
          logo_image_id, logo_key, logo_content_type, valid_from, valid_until, created_by, updated_by
        ) values (
          ${input.subjectType}, ${input.subjectId}, ${input.tier}, ${textArray(input.benefits)}, ${input.displayName}, ${input.tagline},
          ${input.description}, ${input.websiteUrl}, ${input.displayOrder}, ${input.logo?.id ?? null}, ${input.logo?.key ?? null},
          ${input.logo?.contentType ?? null}, ${input.validFrom}, ${input.validUntil}, ${input.createdBy}, ${input.createdBy}
        ) returning *`)),
    findById: (id) => Uuid.test(id) ? partners.maybe(sql`select * from partners.official_partners where id = ${id}`) : Effect.succeed(Option.none()),
    lockById: (id) => Uuid.test(id) ? partners.maybe(sql`select * from partners.official_partners where id = ${id} for update`) : Effect.succeed(Option.none()),
    findCurrent: (subjectType, subjectId) =>
      Uuid.test(subjectId)
        ? partners.maybe(sql`select * from partners.official_partners where subject_type = ${subjectType} and subject_id = ${subjectId} and removed_at is null`)
        : Effect.succeed(Option.none()),
    currentOf: (subjectType, subjectIds) => {
      const ids = subjectIds.filter((id) => Uuid.test(id))
      return ids.length === 0
        ? Effect.succeed([])
        : partners.all(sql`select * from partners.official_partners where subject_type = ${subjectType} and removed_at is null and subject_id in ${sql.in(ids)}`)
    },
    update: (id, f, updatedBy) =>
      partners.maybe(sql`
        update partners.official_partners set
          tier = ${f.tier}, benefits = ${textArray(f.benefits)}, display_name = ${f.displayName}, tagline = ${f.tagline},
          description = ${f.description}, website_url = ${f.websiteUrl}, display_order = ${f.displayOrder},
          logo_image_id = ${f.logo?.id ?? null}, logo_key = ${f.logo?.key ?? null}, logo_content_type = ${f.logo?.contentType ?? null},
          valid_from = ${f.validFrom}, valid_until = ${f.validUntil}, updated_by = ${updatedBy}, updated_at = now()
        where id = ${id} and removed_at is null
        returning *`),
    remove: (id, removedBy, reason) =>
      partners.maybe(sql`
        update partners.official_partners set removed_at = now(), removed_by = ${removedBy}, removal_reason = ${reason}, updated_by = ${removedBy}, updated_at = now()
        where id = ${id} and removed_at is null
        returning *`),
    list: (filter) =>
      Effect.map(
        pageRows.all(sql`
          select *, count(*) over ()::int as total from partners.official_partners
          where ${statusAt(filter.status, filter.now)}
            and ${filter.subjectType === undefined ? sql`true` : sql`subject_type = ${filter.subjectType}`}
            and ${filter.tier === undefined ? sql`true` : sql`tier = ${filter.tier}`}
            and ${filter.search === undefined ? sql`true` : sql`display_name ilike ${`%${escapeLike(filter.search)}%`}`}
          order by display_order, display_name, id
          limit ${filter.limit} offset ${filter.offset}`),
        (rows) => ({ items: rows.map(({ total: _total, ...p }) => p), total: rows[0]?.total ?? 0 })
      ).pipe(Effect.flatMap((page) =>
        // An offset past the end has no row to carry the total: count it apart.
        page.items.length > 0 || filter.offset === 0
          ? Effect.succeed(page)
          : Effect.map(
            rowsOf(Schema.Struct({ n: Schema.Number })).one(sql`
              select count(*)::int as n from partners.official_partners
              where ${statusAt(filter.status, filter.now)}
                and ${filter.subjectType === undefined ? sql`true` : sql`subject_type = ${filter.subjectType}`}
                and ${filter.tier === undefined ? sql`true` : sql`tier = ${filter.tier}`}
                and ${filter.search === undefined ? sql`true` : sql`display_name ilike ${`%${escapeLike(filter.search)}%`}`}`),
            (c) => ({ items: [], total: c.n })
          ))),
    holding: (benefit, now) =>
      partners.all(sql`
        select * from partners.official_partners
        where removed_at is null and ${benefit} = any(benefits) and (valid_until is null or valid_until > ${now})
        order by display_order, display_name, id`)
  })
}))

export const PartnerLogoRepoPg = Layer.effect(Partners.PartnerLogoRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const logos = rowsOf(PartnerLogoImage)
  return Partners.PartnerLogoRepo.of({
    create: (input) =>
      logos.one(sql`
        insert into partners.logo_images (key, content_type, file_name, size, uploaded_by)
        values (${input.key}, ${input.contentType}, ${input.fileName}, ${input.size}, ${input.uploadedBy}) returning *`),
    findById: (id) => Uuid.test(id) ? logos.maybe(sql`select * from partners.logo_images where id = ${id}`) : Effect.succeed(Option.none())
  })
}))

export const ExclusiveTabRepoPg = Layer.effect(Partners.ExclusiveTabRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const tabs = rowsOf(PartnerExclusiveTab)
  return Partners.ExclusiveTabRepo.of({
    get: tabs.one(sql`select enabled, partner_id, title, subtitle, version, updated_by, updated_at from partners.exclusive_tab where id = 1`),
    put: (input, updatedBy) =>
      tabs.one(sql`
        update partners.exclusive_tab set enabled = ${input.enabled}, partner_id = ${input.partnerId}, title = ${input.title},
          subtitle = ${input.subtitle}, version = version + 1, updated_by = ${updatedBy}, updated_at = now()
        where id = 1
        returning enabled, partner_id, title, subtitle, version, updated_by, updated_at`)
  })
}))

export const PartnersReposPg = Layer.mergeAll(OfficialPartnerRepoPg, PartnerLogoRepoPg, ExclusiveTabRepoPg)
