/**
 * The organizers repositories on Postgres (organizers.organizers, organizers.members,
 * organizers.follows). Deleted organizers (deleted_at set) are invisible to every read. Unique
 * violations become OrganizerConflict; other failures are defects.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Organizers, Platform } from "@podium/core"
import { Effect, Layer, Option } from "effect"
import { runListQuery } from "../platform/list-query.pg.js"
import { counts, ids, onUnique, rowsOf } from "../rows.pg.js"

const organizerConflict = (constraint: string) => {
  const field = constraint.includes("phone") ? "phoneNumber" : constraint.includes("slug") ? "slug" : "unique"
  return new Organizers.OrganizerConflict({ field, message: `${field} is already used by another organizer` })
}

const OrganizerColumns = [
  "id", "name", "slug", "phone_number", "email", "company_name", "commission", "is_active", "approval_status",
  "review_reason", "logo", "banner", "headline", "about", "city", "state", "links", "pickup_location",
  "suspended_at", "suspend_reason", "created_at", "updated_at"
] as const

/** Public list fields → columns for the admin list query. */
const ListColumns: Readonly<Record<string, string>> = {
  id: "id",
  name: "name",
  slug: "slug",
  phoneNumber: "phone_number",
  email: "email",
  companyName: "company_name",
  commission: "commission",
  isActive: "is_active",
  approvalStatus: "approval_status",
  city: "city",
  state: "state",
  createdAt: "created_at",
  updatedAt: "updated_at"
}

const patchColumns = (patch: Organizers.OrganizerPatch): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  const plain = ["name", "phoneNumber", "email", "companyName", "commission", "isActive", "approvalStatus", "reviewReason",
    "headline", "about", "city", "state", "pickupLocation"] as const
  for (const key of plain) if (patch[key] !== undefined) out[key] = patch[key]
  if (patch.logo !== undefined) out.logo = patch.logo === null ? null : JSON.stringify(patch.logo)
  if (patch.banner !== undefined) out.banner = patch.banner === null ? null : JSON.stringify(patch.banner)
  if (patch.links !== undefined) out.links = JSON.stringify(patch.links)
  return out
}

export const OrganizerRepoPg = Layer.effect(Organizers.OrganizerRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const organizers = rowsOf(Organizers.Organizer)
  const cols = sql.literal(OrganizerColumns.join(", "))
  const live = sql`deleted_at is null`
  const followers = (organizerId: string) =>
    Effect.map(counts.one(sql`select count(*)::int as n from organizers.follows where organizer_id = ${organizerId}`), (r) => r.n)
  return Organizers.OrganizerRepo.of({
    create: (input, owner) =>
      sql.withTransaction(Effect.gen(function*() {
        // The name's slug when it is free, else the slug with a random suffix. Decided by the insert
        // itself (on conflict on the slug), so two organizers created at once with one name do not
        // both claim the bare slug and one of them fail.
        const insert = (slug: string, orNothing: boolean) => sql`
          insert into organizers.organizers ${sql.insert({
            name: input.name,
            slug,
            phoneNumber: input.phoneNumber,
            email: input.email,
            companyName: input.companyName,
            commission: input.commission ?? null,
            isActive: input.isActive ?? true,
            approvalStatus: input.approvalStatus ?? "PENDING",
            reviewReason: input.reviewReason ?? null,
            logo: input.logo === undefined || input.logo === null ? null : JSON.stringify(input.logo)
          })}
          ${orNothing ? sql`on conflict (slug) do nothing` : sql``}
          returning ${cols}`.pipe(onUnique(organizerConflict))
        const base = Organizers.slugify(input.name)
        const organizer = yield* Effect.flatMap(
          organizers.maybe(insert(base, true)),
          Option.match({ onSome: Effect.succeed, onNone: () => organizers.one(insert(`${base}-${Math.random().toString(36).slice(2, 8)}`, false)) })
        )
        yield* sql`
          insert into organizers.members (organizer_id, user_id, phone_number, email, role, status, accepted_at)
          values (${organizer.id}, ${owner.userId}, ${owner.phoneNumber}, ${owner.email}, 'OWNER', 'ACTIVE', now())`
        return organizer
      })).pipe(Effect.catchTag("SqlError", Effect.die)),
    findById: (id) => organizers.maybe(sql`select ${cols} from organizers.organizers where id = ${id} and ${live}`),
    findByIdOrSlug: (idOrSlug) =>
      organizers.maybe(/^[0-9a-f-]{36}$/i.test(idOrSlug)
        ? sql`select ${cols} from organizers.organizers where (id = ${idOrSlug} or slug = ${idOrSlug}) and ${live}`
        : sql`select ${cols} from organizers.organizers where slug = ${idOrSlug.toLowerCase()} and ${live}`),
    findByPhone: (phone) => organizers.maybe(sql`select ${cols} from organizers.organizers where phone_number = ${phone} and ${live}`),
    update: (id, patch) => {
      const columns = patchColumns(patch)
      if (Object.keys(columns).length === 0) {
        return organizers.maybe(sql`select ${cols} from organizers.organizers where id = ${id} and ${live}`)
      }
      return organizers.maybe(sql`
        update organizers.organizers set ${sql.update(columns)}, updated_at = now()
        where id = ${id} and ${live} returning ${cols}`.pipe(onUnique(organizerConflict)))
    },
    toggle: (id) =>
      organizers.maybe(sql`
        update organizers.organizers set is_active = not is_active, updated_at = now()
        where id = ${id} and ${live} returning ${cols}`),
    remove: (id) =>
      ids.all(sql`
        update organizers.organizers set deleted_at = now(), status = 'DELETED', slug = slug || '~' || id::text,
          phone_number = null, updated_at = now()
        where id = ${id} and ${live} returning id`).pipe(Effect.map((r) => r.length > 0)),
    transition: (id, from, to, extra) =>
      organizers.maybe(sql`
        update organizers.organizers set
          approval_status = ${to},
          status = ${to === "SUSPENDED" ? "SUSPENDED" : "ACTIVE"},
          suspended_at = ${extra.suspendedAt ?? null},
          suspend_reason = ${extra.suspendReason ?? null},
          updated_at = now()
        where id = ${id} and ${live} and approval_status in ${sql.in(from)}
        returning ${cols}`),
    list: (query) =>
      runListQuery({
        table: "organizers.organizers",
        columns: ListColumns,
        query,
        rows: organizers,
        scope: (q) => q`deleted_at is null`
      }).pipe(
        Effect.provideService(SqlClient.SqlClient, sql),
        Effect.map(({ rows: decoded, total }) => {
            const data = decoded.map((o): Partial<Organizers.Organizer> => {
              if (query.fields === undefined) return o
              const picked: Record<string, unknown> = { id: o.id }
              for (const f of query.fields) picked[f] = (o as unknown as Record<string, unknown>)[f]
              return picked as Partial<Organizers.Organizer>
            })
            return Platform.listPage(query, data, total)
          })
      ),
    follow: (organizerId, userId, on) =>
      Effect.gen(function*() {
        if (on) {
          yield* sql`insert into organizers.follows (organizer_id, user_id) values (${organizerId}, ${userId}) on conflict do nothing`
        } else {
          yield* sql`delete from organizers.follows where organizer_id = ${organizerId} and user_id = ${userId}`
        }
      }).pipe(Effect.orDie, Effect.zipRight(followers(organizerId))),
    followerCount: followers
  })
}))
