/**
 * Journey steps on Postgres: the steps are the (role, step) pairs named by notifications.mappings
 * or notifications.journey_steps (0015), with the settings of the latter and the mappings of each.
 */
import type { Statement } from "@effect/sql"
import * as SqlClient from "@effect/sql/SqlClient"
import { Notifications } from "@podium/core"
import { Effect, Layer, Option } from "effect"
import { rowsOf } from "../rows.pg.js"

const steps = rowsOf(Notifications.JourneyStep)

export const makeJourneyStepRepoPg = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const select = (where: Statement.Fragment) =>
    steps.all(sql`
      with keys as (
        select role, step from notifications.mappings
        union
        select role, step from notifications.journey_steps
      )
      select k.role, k.step, coalesce(s.name, k.step) as name, s.position, coalesce(s.enabled, true) as enabled,
             coalesce(s.delay_minutes, 0) as delay_minutes,
             coalesce((select jsonb_agg(jsonb_build_object('channel', m.channel, 'templateKey', m.template_key, 'enabled', m.enabled) order by m.channel)
              from notifications.mappings m where m.role = k.role and m.step = k.step), '[]'::jsonb) as mappings
      from keys k left join notifications.journey_steps s on s.role = k.role and s.step = k.step
      where ${where}
      order by k.role, s.position nulls last, k.step`)
  return Notifications.JourneyStepRepo.of({
    list: (filter) =>
      select(sql.and([
        filter.role === undefined ? sql`true` : sql`k.role = ${filter.role}`,
        filter.step === undefined ? sql`true` : sql`k.step = ${filter.step}`,
        filter.search === undefined ? sql`true` : sql`(k.step ilike ${`%${filter.search}%`} or s.name ilike ${`%${filter.search}%`})`
      ])),
    update: (role, step, patch) =>
      sql.withTransaction(Effect.gen(function*() {
        const exists = yield* select(sql`k.role = ${role} and k.step = ${step}`)
        if (exists.length === 0) return Option.none()
        yield* sql`
          insert into notifications.journey_steps (role, step, name, position, enabled, delay_minutes)
          values (${role}, ${step}, ${patch.name ?? null}, ${patch.position ?? null}, ${patch.enabled ?? true}, ${patch.delayMinutes ?? 0})
          on conflict (role, step) do update set
            name = ${patch.name === undefined ? sql`journey_steps.name` : patch.name},
            position = ${patch.position === undefined ? sql`journey_steps.position` : patch.position},
            enabled = ${patch.enabled === undefined ? sql`journey_steps.enabled` : patch.enabled},
            delay_minutes = ${patch.delayMinutes === undefined ? sql`journey_steps.delay_minutes` : patch.delayMinutes},
            updated_at = now()`
        return Option.fromNullable((yield* select(sql`k.role = ${role} and k.step = ${step}`))[0])
      })).pipe(Effect.orDie)
  })
})

export const JourneyStepRepoPg: Layer.Layer<Notifications.JourneyStepRepo, never, SqlClient.SqlClient> = Layer.effect(
  Notifications.JourneyStepRepo,
  makeJourneyStepRepoPg
)
