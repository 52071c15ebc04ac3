/**
 * The admin template catalog on Postgres: notifications.template_catalog (0015) joined with the
 * delivery versions in notifications.templates (same channel and key). Version numbers are
 * assigned under a row lock on the catalog row; activation leaves exactly one active version.
 */
import type { Statement } from "@effect/sql"
import * as SqlClient from "@effect/sql/SqlClient"
import { Notifications } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { counts, onUnique, rowsOf } from "../rows.pg.js"

type Channel = Notifications.Channel

const templates = rowsOf(Notifications.CatalogTemplate)
/** A listed row also carries the count of every match (`count(*) over ()`). */
const listed = rowsOf(Schema.Struct({ ...Notifications.CatalogTemplate.fields, total: Schema.Number }))
const versions = rowsOf(Notifications.TemplateVersion)
const VersionNumber = Schema.Struct({ version: Schema.Number })
const versionNumbers = rowsOf(VersionNumber)
const KeyRow = Schema.Struct({ key: Schema.String })
const keys = rowsOf(KeyRow)

export const makeTemplateCatalogRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  /** Catalog rows with their active/latest version numbers and shown content. */
  const select = (where: Statement.Fragment, paging: Statement.Fragment = sql``) =>
    sql`
      select c.id, c.channel, c.key, c.name, c.description, c.category, c.price_minor::float8 as price_minor, c.currency,
             c.visibility, c.created_at, c.updated_at, count(*) over ()::int as total,
             (select max(t.version) from notifications.templates t where t.channel = c.channel and t.key = c.key and t.active) as active_version,
             (select max(t.version) from notifications.templates t where t.channel = c.channel and t.key = c.key) as latest_version,
             v.version as shown_version, v.subject, v.body, coalesce(v.variables, '[]'::jsonb) as variables
      from notifications.template_catalog c
      join lateral (
        select t.version, t.subject, t.body, t.variables from notifications.templates t
        where t.channel = c.channel and t.key = c.key
        order by t.active desc, t.version desc limit 1
      ) v on true
      where ${where}
      order by c.created_at desc, c.id
      ${paging}`

  const getOne = (channel: Channel, id: string) =>
    templates.maybe(select(sql`c.channel = ${channel} and c.id::text = ${id}`))

  const insertVersion = (channel: Channel, key: string, content: Notifications.TemplateContent, active: boolean) =>
    versionNumbers.one(sql`
      insert into notifications.templates (channel, key, version, subject, body, variables, category, active)
      select ${channel}, ${key}, coalesce(max(version), 0) + 1, ${content.subject}, ${content.body},
             ${JSON.stringify(content.variables)}::jsonb,
             (select category from notifications.template_catalog where channel = ${channel} and key = ${key}), ${active}
      from notifications.templates where channel = ${channel} and key = ${key}
      returning version`)

  const activateOnly = (channel: Channel, key: string, version: number) =>
    sql`update notifications.templates set active = (version = ${version}) where channel = ${channel} and key = ${key}`

  return Notifications.TemplateCatalogRepo.of({
    create: (input) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`
          insert into notifications.template_catalog (channel, key, name, description, category, price_minor, currency, visibility)
          values (${input.channel}, ${input.key}, ${input.name}, ${input.description}, ${input.category},
                  ${input.priceMinor}, ${input.currency}, ${input.visibility})`
        // Versions left by an earlier template of this key (or seeded ones) stop being delivered.
        yield* sql`update notifications.templates set active = false where channel = ${input.channel} and key = ${input.key}`
        yield* insertVersion(input.channel, input.key, input, true)
      })).pipe(
        onUnique(() => new Notifications.TemplateKeyTaken({ key: input.key })),
        Effect.catchTag("SqlError", Effect.die),
        Effect.zipRight(templates.one(select(sql`c.channel = ${input.channel} and c.key = ${input.key}`)))
      ),
    list: (channel, filter) => {
      const search = filter.search === undefined ? sql`true` : sql`(c.key ilike ${`%${filter.search}%`} or c.name ilike ${`%${filter.search}%`})`
      const category = filter.category === undefined ? sql`true` : sql`c.category = ${filter.category}`
      const visibility = filter.visibility === undefined ? sql`true` : sql`c.visibility = ${filter.visibility}`
      return listed.all(select(
        sql`c.channel = ${channel} and ${search} and ${category} and ${visibility}`,
        sql`limit ${filter.limit} offset ${(filter.page - 1) * filter.limit}`
      )).pipe(
        Effect.flatMap((rows) =>
          rows.length > 0 || filter.page === 1
            ? Effect.succeed({ items: rows.map(({ total: _, ...template }) => template), total: rows[0]?.total ?? 0 })
            : counts.one(sql`
                select count(*)::int as n from notifications.template_catalog c
                where c.channel = ${channel} and ${search} and ${category} and ${visibility}`).pipe(
                Effect.map((count) => ({ items: [], total: count.n }))
              )
        )
      )
    },
    get: getOne,
    findByKey: (channel, key) =>
      templates.maybe(select(sql`c.channel = ${channel} and c.key = ${key}`)),
    versions: (channel, id) =>
      versions.all(sql`
        select t.version, t.subject, t.body, coalesce(t.variables, '[]'::jsonb) as variables, t.active, t.created_at
        from notifications.template_catalog c
        join notifications.templates t on t.channel = c.channel and t.key = c.key
        where c.channel = ${channel} and c.id::text = ${id}
        order by t.version desc`).pipe(
        Effect.flatMap((rows) =>
          rows.length > 0
            ? Effect.succeed(Option.some(rows))
            : Effect.map(getOne(channel, id), Option.map(() => [] as ReadonlyArray<Notifications.TemplateVersion>))
        )
      ),
    update: (channel, id, change) =>
      sql.withTransaction(Effect.gen(function*() {
        const locked = yield* keys.maybe(sql`
          select key from notifications.template_catalog where channel = ${channel} and id::text = ${id} for update`)
        if (Option.isNone(locked)) return false
        const key = locked.value.key
        const p = change.patch
        yield* sql`
          update notifications.template_catalog set
            name = ${p.name === undefined ? sql`name` : p.name},
            description = ${p.description === undefined ? sql`description` : p.description},
            category = ${p.category === undefined ? sql`category` : p.category},
            price_minor = ${p.priceMinor === undefined ? sql`price_minor` : p.priceMinor},
            currency = ${p.currency === undefined ? sql`currency` : p.currency},
            visibility = ${p.visibility === undefined ? sql`visibility` : p.visibility},
            updated_at = now()
          where id::text = ${id}`.pipe(Effect.orDie)
        if (p.category !== undefined) {
          yield* sql`update notifications.templates set category = ${p.category} where channel = ${channel} and key = ${key}`.pipe(Effect.orDie)
        }
        if (change.content !== undefined) {
          const inserted = yield* insertVersion(channel, key, change.content, false)
          if (change.activate === true) yield* activateOnly(channel, key, inserted.version).pipe(Effect.orDie)
        }
        if (change.activeVersion !== undefined) {
          const exists = yield* sql`
            select 1 from notifications.templates where channel = ${channel} and key = ${key} and version = ${change.activeVersion}`.pipe(Effect.orDie)
          if (exists.length === 0) return yield* new Notifications.TemplateVersionNotFound({ id, version: change.activeVersion })
          yield* activateOnly(channel, key, change.activeVersion).pipe(Effect.orDie)
        }
        return true
      })).pipe(
        Effect.catchTag("SqlError", Effect.die),
        Effect.flatMap((exists) => exists ? getOne(channel, id) : Effect.succeed(Option.none()))
      ),
    delete: (channel, id) =>
      sql.withTransaction(Effect.gen(function*() {
        const deleted = yield* keys.maybe(sql`
          delete from notifications.template_catalog where channel = ${channel} and id::text = ${id} returning key`)
        if (Option.isNone(deleted)) return false
        yield* sql`delete from notifications.templates where channel = ${channel} and key = ${deleted.value.key}`
        return true
      })).pipe(Effect.orDie)
  })
})

export const TemplateCatalogRepoPg: Layer.Layer<Notifications.TemplateCatalogRepo, never, SqlClient.SqlClient> = Layer.effect(
  Notifications.TemplateCatalogRepo,
  makeTemplateCatalogRepoPg
)
