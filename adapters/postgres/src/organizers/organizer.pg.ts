/**
 * The organizers repositories on Postgres (organizers.organizers, organizers.members,
 * organizers.follows). Deleted organizers (deleted_at set) are invisible to every read. Unique
 * violations become OrganizerConflict; other failures are defects.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Organizers, Platform } from "@podium/core"
import { Effect, Layer, Option } from "effect"
import { runListQuery } from "../platform/list-query.pg.js"

interface OrganizerRow {
  readonly id: string
  readonly name: string
  readonly slug: string
  readonly phoneNumber: string | null
  readonly email: string | null
  readonly companyName: string | null
  readonly commission: string | number | null
  readonly isActive: boolean
  readonly approvalStatus: Organizers.ApprovalStatus
  readonly reviewReason: string | null
  readonly logo: Organizers.StoredFile | string | null
  readonly banner: Organizers.StoredFile | string | null
  readonly headline: string | null
  readonly about: string | null
  readonly city: string | null
  readonly state: string | null
  readonly links: Organizers.OrganizerLinks | string | null
  readonly pickupLocation: string | null
  readonly suspendedAt: Date | null
  readonly suspendReason: string | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

const json = <A>(v: A | string | null): A | null => (typeof v === "string" ? JSON.parse(v) as A : v)

const toOrganizer = (r: OrganizerRow): Organizers.Organizer => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  phoneNumber: r.phoneNumber,
  email: r.email,
  companyName: r.companyName,
  commission: r.commission === null ? null : Number(r.commission),
  isActive: r.isActive,
  approvalStatus: r.approvalStatus,
  reviewReason: r.reviewReason,
  logo: json(r.logo),
  banner: json(r.banner),
  headline: r.headline,
  about: r.about,
  city: r.city,
  state: r.state,
  links: json(r.links) ?? {},
  pickupLocation: r.pickupLocation,
  suspendedAt: r.suspendedAt,
  suspendReason: r.suspendReason,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt
})

const uniqueViolation = (error: SqlError): string | undefined => {
  const cause = error.cause as { code?: string; constraint?: string } | undefined
  return cause?.code === "23505" ? (cause.constraint ?? "unique") : undefined
}

const conflictOrDie = <A>(effect: Effect.Effect<A, SqlError>): Effect.Effect<A, Organizers.OrganizerConflict> =>
  effect.pipe(Effect.catchAll((error) => {
    const constraint = uniqueViolation(error)
    if (constraint === undefined) return Effect.die(error)
    const field = constraint.includes("phone") ? "phoneNumber" : constraint.includes("slug") ? "slug" : "unique"
    return Effect.fail(new Organizers.OrganizerConflict({ field, message: `${field} is already used by another organizer` }))
  }))

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
  const cols = sql.literal(OrganizerColumns.join(", "))
  const one = (rows: Effect.Effect<ReadonlyArray<OrganizerRow>, SqlError>) =>
    rows.pipe(Effect.orDie, Effect.map((r) => Option.map(Option.fromNullable(r[0]), toOrganizer)))
  const live = sql`deleted_at is null`
  return Organizers.OrganizerRepo.of({
    create: (input, owner) =>
      sql.withTransaction(Effect.gen(function*() {
        const base = Organizers.slugify(input.name)
        const taken = yield* sql<{ readonly n: number }>`
          select count(*)::int as n from organizers.organizers where slug = ${base} or slug like ${`${base}-%`}`
        const slug = taken[0]!.n === 0 ? base : `${base}-${Math.random().toString(36).slice(2, 8)}`
        const rows = yield* sql<OrganizerRow>`
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
          returning ${cols}`
        const organizer = toOrganizer(rows[0]!)
        yield* sql`
          insert into organizers.members (organizer_id, user_id, phone_number, email, role, status, accepted_at)
          values (${organizer.id}, ${owner.userId}, ${owner.phoneNumber}, ${owner.email}, 'OWNER', 'ACTIVE', now())`
        return organizer
      })).pipe(conflictOrDie),
    findById: (id) => one(sql<OrganizerRow>`select ${cols} from organizers.organizers where id = ${id} and ${live}`),
    findByIdOrSlug: (idOrSlug) =>
      one(/^[0-9a-f-]{36}$/i.test(idOrSlug)
        ? sql<OrganizerRow>`select ${cols} from organizers.organizers where (id = ${idOrSlug} or slug = ${idOrSlug}) and ${live}`
        : sql<OrganizerRow>`select ${cols} from organizers.organizers where slug = ${idOrSlug.toLowerCase()} and ${live}`),
    findByPhone: (phone) => one(sql<OrganizerRow>`select ${cols} from organizers.organizers where phone_number = ${phone} and ${live}`),
    update: (id, patch) => {
      const columns = patchColumns(patch)
      if (Object.keys(columns).length === 0) {
        return one(sql<OrganizerRow>`select ${cols} from organizers.organizers where id = ${id} and ${live}`)
      }
      return sql<OrganizerRow>`
        update organizers.organizers set ${sql.update(columns)}, updated_at = now()
        where id = ${id} and ${live} returning ${cols}`.pipe(
        conflictOrDie,
        Effect.map((r) => Option.map(Option.fromNullable(r[0]), toOrganizer))
      )
    },
    toggle: (id) =>
      one(sql<OrganizerRow>`
        update organizers.organizers set is_active = not is_active, updated_at = now()
        where id = ${id} and ${live} returning ${cols}`),
    remove: (id) =>
      sql<{ readonly id: string }>`
        update organizers.organizers set deleted_at = now(), status = 'DELETED', slug = slug || '~' || id::text,
          phone_number = null, updated_at = now()
        where id = ${id} and ${live} returning id`.pipe(Effect.orDie, Effect.map((r) => r.length > 0)),
    transition: (id, from, to, extra) =>
      one(sql<OrganizerRow>`
        update organizers.organizers set
          approval_status = ${to},
          status = ${to === "SUSPENDED" ? "SUSPENDED" : "ACTIVE"},
          suspended_at = ${extra.suspendedAt ?? null},
          suspend_reason = ${extra.suspendReason ?? null},
          updated_at = now()
        where id = ${id} and ${live} and approval_status in ${sql.in(from)}
        returning ${cols}`),
    list: (query) =>
      runListQuery<OrganizerRow>({
        table: "organizers.organizers",
        columns: ListColumns,
        query,
        scope: (q) => q`deleted_at is null`
      }).pipe(
        Effect.provideService(SqlClient.SqlClient, sql),
        Effect.orDie,
        Effect.map(({ rows, total }) => {
          const data = rows.map(toOrganizer).map((o): Partial<Organizers.Organizer> => {
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
        const rows = yield* sql<{ readonly n: number }>`select count(*)::int as n from organizers.follows where organizer_id = ${organizerId}`
        return rows[0]!.n
      }).pipe(Effect.orDie),
    followerCount: (organizerId) =>
      sql<{ readonly n: number }>`select count(*)::int as n from organizers.follows where organizer_id = ${organizerId}`.pipe(
        Effect.orDie,
        Effect.map((r) => r[0]!.n)
      )
  })
}))
