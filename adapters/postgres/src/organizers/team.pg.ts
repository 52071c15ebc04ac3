/**
 * Organizer team members on Postgres (organizers.members). A person matches a row by account,
 * phone or e-mail. Role changes and revocations lock the organizer's ACTIVE OWNER rows
 * (`for update`) so two concurrent demotions cannot leave the organizer without an OWNER.
 */
import type { Statement } from "@effect/sql"
import * as SqlClient from "@effect/sql/SqlClient"
import { Organizers } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { ids, rowsOf } from "../rows.pg.js"

/** A membership row with its organizer's name and slug, for the person's list of organizers. */
const MembershipRow = Schema.Struct({ ...Organizers.TeamMemberView.fields, organizerName: Schema.String, organizerSlug: Schema.String })
const MemberAccountRow = Schema.Struct({ memberId: Schema.String, userId: Schema.NullOr(Schema.String) })

export const TeamRepoPg = Layer.effect(Organizers.TeamRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql`m.id, m.organizer_id, m.user_id, m.phone_number, m.email, m.role, m.status, m.name, m.invited_by, m.created_at, m.updated_at`
  const personMatch = (p: Organizers.PersonKeys): Statement.Fragment => {
    const ors: Array<Statement.Fragment> = []
    if (p.userId !== null) ors.push(sql`m.user_id = ${p.userId}`)
    if (p.phoneNumber !== null) ors.push(sql`m.phone_number = ${p.phoneNumber}`)
    if (p.email !== null) ors.push(sql`lower(m.email) = ${p.email.toLowerCase()}`)
    return ors.length === 0 ? sql`false` : sql.or(ors)
  }
  const liveOrganizer = sql`exists (select 1 from organizers.organizers o where o.id = m.organizer_id and o.deleted_at is null)`
  const members = rowsOf(Organizers.TeamMemberView)
  const memberships = rowsOf(MembershipRow)
  const memberAccounts = rowsOf(MemberAccountRow)

  return Organizers.TeamRepo.of({
    findActiveMembership: (organizerId, person) =>
      members.maybe(sql`
        select ${cols} from organizers.members m
        where m.organizer_id = ${organizerId} and m.status = 'ACTIVE' and ${personMatch(person)}
        order by case m.role when 'OWNER' then 0 when 'ADMIN' then 1 else 2 end limit 1`),
    membershipsOf: (person) =>
      memberships.all(sql`
        select ${cols}, o.name as organizer_name, o.slug as organizer_slug
        from organizers.members m join organizers.organizers o on o.id = m.organizer_id
        where o.deleted_at is null and m.status in ('ACTIVE', 'INVITED') and ${personMatch(person)}
        order by m.created_at, m.id`).pipe(
        Effect.map((rows) =>
          rows.map(({ organizerName, organizerSlug, ...member }) => ({ member, organizerName, organizerSlug })))
      ),
    listTeam: (organizerId) =>
      members.all(sql`
        select ${cols} from organizers.members m
        where m.organizer_id = ${organizerId} and m.status in ('ACTIVE', 'INVITED')
        order by m.created_at, m.id`),
    findMember: (organizerId, memberId) =>
      members.maybe(sql`select ${cols} from organizers.members m where m.organizer_id = ${organizerId} and m.id = ${memberId}`),
    invite: (input) =>
      sql.withTransaction(Effect.gen(function*() {
        const person = { userId: null, phoneNumber: input.phoneNumber, email: input.email }
        const existing = yield* members.all(sql`
          select ${cols} from organizers.members m
          where m.organizer_id = ${input.organizerId} and ${personMatch(person)}
          order by m.created_at for update`)
        if (existing.some((m) => m.status !== "REMOVED")) return Option.none<Organizers.TeamMemberView>()
        const invited = yield* members.one(sql`
          insert into organizers.members as m (organizer_id, phone_number, email, name, role, status, invited_by)
          values (${input.organizerId}, ${input.phoneNumber}, ${input.email}, ${input.name}, ${input.role}, 'INVITED', ${input.invitedBy})
          returning ${cols}`)
        return Option.some(invited)
      })).pipe(Effect.orDie),
    change: (organizerId, memberId, change) =>
      sql.withTransaction(Effect.gen(function*() {
        // Lock every ACTIVE OWNER of the organizer first, then the target: concurrent changes serialise here.
        const owners = yield* ids.all(sql`
          select id from organizers.members
          where organizer_id = ${organizerId} and status = 'ACTIVE' and role = 'OWNER'
          order by id for update`)
        const target = yield* members.maybe(sql`
          select ${cols} from organizers.members m
          where m.organizer_id = ${organizerId} and m.id = ${memberId} and m.status in ('ACTIVE', 'INVITED') for update`)
        if (Option.isNone(target)) return yield* new Organizers.TeamMemberNotFound({ memberId })
        const member = target.value
        const losesOwner = member.status === "ACTIVE" && member.role === "OWNER" &&
          (change._tag === "Revoke" || change.role !== "OWNER")
        if (losesOwner && owners.length <= 1) return yield* new Organizers.LastOwner()
        return yield* members.one(change._tag === "Revoke"
          ? sql`
              update organizers.members m set status = 'REMOVED', updated_at = now()
              where m.id = ${memberId} returning ${cols}`
          : sql`
              update organizers.members m set role = ${change.role}, updated_at = now()
              where m.id = ${memberId} returning ${cols}`)
      })).pipe(Effect.catchTag("SqlError", Effect.die)),
    accept: (memberId, person) =>
      members.maybe(sql`
        update organizers.members m set status = 'ACTIVE', accepted_at = now(), updated_at = now(),
          user_id = coalesce(m.user_id, ${person.userId})
        where m.id = ${memberId} and m.status = 'INVITED' and ${personMatch(person)} and ${liveOrganizer}
        returning ${cols}`),
    memberAccounts: (organizerId) =>
      memberAccounts.all(sql`select id as member_id, user_id from organizers.members where organizer_id = ${organizerId}`)
  })
}))

