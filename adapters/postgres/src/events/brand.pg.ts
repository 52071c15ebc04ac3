/**
 * The organizer brand on Postgres (migration 0061): page and defaults upserted per organizer,
 * followers read from organizers.follows, prep program assignments inserted once each with the
 * count moved in the same statement, one live SaaS subscription per organizer (partial unique
 * index), activation and cancellation as conditional updates.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Events } from "@podium/core"
import { BrandCascadeDefaults, BrandPage, PrepProgram, SaasPlan, SaasSubscription } from "@podium/kernel"
import { Effect, Layer, Schema } from "effect"
import { counts, onUnique, rowsOf } from "../rows.pg.js"

const FollowerRow = Schema.Struct({
  userId: Schema.String,
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  followedAt: Schema.DateFromSelf
})
const UserRow = Schema.Struct({ userId: Schema.String })

export const BrandRepoPg = Layer.effect(Events.BrandRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const pages = rowsOf(BrandPage)
  const defaults = rowsOf(BrandCascadeDefaults)
  const programs = rowsOf(PrepProgram)
  const plans = rowsOf(SaasPlan)
  const subscriptions = rowsOf(SaasSubscription)
  const followers = rowsOf(FollowerRow)
  const users = rowsOf(UserRow)

  /** `insert … on conflict (organizer_id) do update` of the given fields. */
  const upsert = (table: string, organizerId: string, patch: Record<string, unknown>) => {
    const keys = Object.keys(patch)
    const update = keys.length === 0
      ? sql`updated_at = now()`
      : sql`${sql.update(patch)}, updated_at = now()`
    return sql`
      insert into ${sql(table)} ${sql.insert({ organizerId, ...patch })}
      on conflict (organizer_id) do update set ${update}
      returning *`
  }

  return Events.BrandRepo.of({
    page: (organizerId) => pages.maybe(sql`select * from events.brand_pages where organizer_id = ${organizerId}`),
    savePage: (organizerId, patch) => pages.one(upsert("events.brand_pages", organizerId, patch)),
    defaults: (organizerId) => defaults.maybe(sql`select * from events.brand_defaults where organizer_id = ${organizerId}`),
    saveDefaults: (organizerId, patch) => defaults.one(upsert("events.brand_defaults", organizerId, patch)),
    followers: (organizerId, limit, offset) =>
      Effect.gen(function*() {
        const data = yield* followers.all(sql`
          select f.user_id, u.first_name, u.last_name, f.created_at as followed_at
          from organizers.follows f join accounts.users u on u.id = f.user_id
          where f.organizer_id = ${organizerId} order by f.created_at desc, f.user_id limit ${limit} offset ${offset}`)
        const total = yield* counts.one(sql`select count(*)::int as n from organizers.follows where organizer_id = ${organizerId}`)
        return { data, total: total.n }
      }),
    followingOf: (organizerId, userIds) =>
      userIds.length === 0
        ? Effect.succeed([])
        : Effect.map(
          users.all(sql`select user_id from organizers.follows where organizer_id = ${organizerId} and user_id in ${sql.in(userIds as Array<string>)}`),
          (rows) => rows.map((r) => r.userId)
        ),
    programs: (organizerId, statuses, limit, offset) =>
      Effect.gen(function*() {
        const where = sql.and([
          sql`organizer_id = ${organizerId}`,
          statuses === undefined || statuses.length === 0 ? sql`true` : sql`status in ${sql.in(statuses as Array<string>)}`
        ])
        const data = yield* programs.all(sql`select * from events.prep_programs where ${where} order by created_at desc, id limit ${limit} offset ${offset}`)
        const total = yield* counts.one(sql`select count(*)::int as n from events.prep_programs where ${where}`)
        return { data, total: total.n }
      }),
    findProgram: (id) => programs.maybe(sql`select * from events.prep_programs where id = ${id}`),
    createProgram: (input) => programs.one(sql`insert into events.prep_programs ${sql.insert({ ...input })} returning *`),
    updateProgram: (id, patch) => {
      const { weeklyPlan, ...fields } = patch
      const parts = [
        ...(Object.keys(fields).length === 0 ? [] : [sql`${sql.update(fields)}`]),
        ...(weeklyPlan === undefined ? [] : [sql`weekly_plan = ${JSON.stringify(weeklyPlan)}::jsonb`]),
        sql`updated_at = now()`
      ]
      return programs.maybe(sql`update events.prep_programs set ${sql.csv(parts)} where id = ${id} returning *`)
    },
    assign: (programId, userIds) =>
      userIds.length === 0
        ? Effect.succeed([])
        : Effect.map(
          users.all(sql`
            with added as (
              insert into events.prep_program_assignments ${sql.insert(userIds.map((userId) => ({ programId, userId })))}
              on conflict do nothing returning user_id
            ), counted as (
              update events.prep_programs set assigned_count = assigned_count + (select count(*) from added), updated_at = now()
              where id = ${programId}
            )
            select user_id::text as user_id from added`),
          (rows) => rows.map((r) => r.userId)
        ),
    plans: plans.all(sql`select * from events.saas_plans order by sort_order, id`),
    liveSubscription: (organizerId) =>
      subscriptions.maybe(sql`
        select * from events.saas_subscriptions where organizer_id = ${organizerId} and status in ('pending_payment', 'active')`),
    findSubscription: (id) => subscriptions.maybe(sql`select * from events.saas_subscriptions where id = ${id}`),
    subscribe: (input) =>
      subscriptions.one(sql`
        insert into events.saas_subscriptions ${sql.insert({
          organizerId: input.organizerId,
          planId: input.planId,
          status: input.active ? "active" : "pending_payment",
          amount: input.amount,
          currency: input.currency,
          activatedAt: input.active ? input.at : null
        })} returning *`.pipe(onUnique(() => new Events.SaasAlreadySubscribed({ organizerId: input.organizerId, status: "pending_payment" })))),
    attachOrder: (id, provider, gatewayOrderId) =>
      subscriptions.one(sql`
        update events.saas_subscriptions set provider = ${provider}, gateway_order_id = ${gatewayOrderId}, updated_at = now()
        where id = ${id} returning *`),
    activate: (id, paymentId, at, periodEnd) =>
      subscriptions.maybe(sql`
        update events.saas_subscriptions
        set status = 'active', payment_id = ${paymentId}, activated_at = ${at}, current_period_end = ${periodEnd}, updated_at = now()
        where id = ${id} and status = 'pending_payment' returning *`),
    cancel: (organizerId, at) =>
      subscriptions.maybe(sql`
        update events.saas_subscriptions set status = 'cancelled', cancelled_at = ${at}, updated_at = now()
        where organizer_id = ${organizerId} and status in ('pending_payment', 'active') returning *`)
  })
}))
