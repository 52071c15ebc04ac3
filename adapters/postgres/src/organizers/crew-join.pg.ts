/**
 * Crew join codes on Postgres. Redemption runs in one transaction holding the code row
 * (`for update`): it re-checks the code, looks for the joiner's crew row already linked to the
 * organizer, else inserts the crew row (accounts.crew_members) and its redemption and counts the
 * use, so concurrent redemptions never exceed max uses (also guarded by a check constraint).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Accounts, Organizers } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { rowsOf } from "../rows.pg.js"

/** A crew member row (accounts.crew_members) as the redemption reads and creates it. */
const CrewMemberRow = Schema.Struct({
  id: Schema.String,
  phoneNumber: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  name: Schema.NullOr(Schema.String),
  status: Schema.Literal(...Accounts.CrewStatuses),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})

export const CrewJoinCodeRepoPg = Layer.effect(Organizers.CrewJoinCodeRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql`id, organizer_id, code, label, expires_at, max_uses, uses, revoked_at, created_by, created_at, updated_at`
  const crewCols = sql`c.id, c.phone_number, c.email, c.name, c.status, c.created_at, c.updated_at`
  const codes = rowsOf(Organizers.CrewJoinCode)
  const crew = rowsOf(CrewMemberRow)

  return Organizers.CrewJoinCodeRepo.of({
    create: (input) =>
      codes.maybe(sql`
        insert into organizers.crew_join_codes (organizer_id, code, label, expires_at, max_uses, created_by)
        values (${input.organizerId}, ${input.code}, ${input.label}, ${input.expiresAt}, ${input.maxUses}, ${input.createdBy})
        on conflict (code) do nothing
        returning ${cols}`),
    list: (organizerId) =>
      codes.all(sql`select ${cols} from organizers.crew_join_codes where organizer_id = ${organizerId} order by created_at desc, id`),
    find: (organizerId, id) =>
      codes.maybe(sql`select ${cols} from organizers.crew_join_codes where organizer_id = ${organizerId} and id = ${id}`),
    findByCode: (code) =>
      codes.maybe(sql`select ${cols} from organizers.crew_join_codes where code = ${code}`),
    update: (organizerId, id, patch) =>
      sql.withTransaction(Effect.gen(function*() {
        const current = yield* codes.maybe(sql`
          select ${cols} from organizers.crew_join_codes where organizer_id = ${organizerId} and id = ${id} for update`)
        if (Option.isNone(current)) return Option.none()
        if (patch.maxUses !== undefined && patch.maxUses !== null && patch.maxUses < current.value.uses) return "below_uses" as const
        return yield* codes.maybe(sql`
          update organizers.crew_join_codes set
            label = ${patch.label === undefined ? current.value.label : patch.label},
            expires_at = ${patch.expiresAt === undefined ? current.value.expiresAt : patch.expiresAt},
            max_uses = ${patch.maxUses === undefined ? current.value.maxUses : patch.maxUses},
            updated_at = now()
          where id = ${id}
          returning ${cols}`)
      })).pipe(Effect.orDie),
    revoke: (organizerId, id) =>
      codes.maybe(sql`
        update organizers.crew_join_codes set revoked_at = coalesce(revoked_at, now()), updated_at = now()
        where organizer_id = ${organizerId} and id = ${id}
        returning ${cols}`),
    redeem: (code, joiner, now) =>
      sql.withTransaction(Effect.gen(function*() {
        const locked = yield* codes.maybe(sql`select ${cols} from organizers.crew_join_codes where code = ${code} for update`)
        if (Option.isNone(locked)) return yield* Effect.fail(new Organizers.CrewJoinCodeNotFound())
        const status = Organizers.crewJoinCodeStatus(locked.value, now)
        const organizerId = locked.value.organizerId
        const match = joiner.phoneNumber !== null
          ? sql`c.phone_number = ${joiner.phoneNumber}`
          : sql`c.email = ${joiner.email}`
        const existing = yield* crew.maybe(sql`
          select ${crewCols} from accounts.crew_members c
          join organizers.crew_join_redemptions r on r.crew_member_id = c.id and r.organizer_id = ${organizerId}
          where ${match} and c.status = 'ACTIVE'
          order by c.created_at limit 1`)
        if (Option.isSome(existing) && status !== "REVOKED") {
          return { code: locked.value, member: existing.value, created: false }
        }
        if (status !== "ACTIVE") return yield* Effect.fail(new Organizers.CrewJoinCodeUnusable({ status }))
        const member = yield* crew.one(sql`
          insert into accounts.crew_members (phone_number, email, name)
          values (${joiner.phoneNumber}, ${joiner.email}, ${joiner.name})
          returning id, phone_number, email, name, status, created_at, updated_at`)
        yield* sql`
          insert into organizers.crew_join_redemptions (code_id, organizer_id, crew_member_id)
          values (${locked.value.id}, ${organizerId}, ${member.id})`
        const updated = yield* codes.one(sql`
          update organizers.crew_join_codes set uses = uses + 1, updated_at = now() where id = ${locked.value.id} returning ${cols}`)
        return { code: updated, member, created: true }
      })).pipe(Effect.catchTag("SqlError", (e) => Effect.die(e)))
  })
}))
