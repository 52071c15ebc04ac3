/** The coach's exchanges on Postgres (migration 0180): kept for the history and the token accounting. */
import * as SqlClient from "@effect/sql/SqlClient"
import { Training } from "@podium/core"
import { CoachExchange, CoachUsage } from "@podium/kernel"
import { Effect, Layer, Schema } from "effect"
import { rowsOf } from "../rows.pg.js"

const Total = Schema.Struct({ total: Schema.Number })

export const CoachRepoPg = Layer.effect(Training.CoachRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const exchanges = rowsOf(CoachExchange)
  const usage = rowsOf(CoachUsage)
  const totals = rowsOf(Total)
  const cols = sql`id, user_id, channel, locale, question, reply, tool_calls, provider, model, prompt_tokens, completion_tokens, created_at`
  return Training.CoachRepo.of({
    record: (e) =>
      exchanges.one(sql`insert into training.coach_exchanges
          (user_id, channel, locale, question, reply, tool_calls, provider, model, prompt_tokens, completion_tokens)
        values (${e.userId}, ${e.channel}, ${e.locale}, ${e.question}, ${e.reply}, ${JSON.stringify(e.toolCalls)}::jsonb, ${e.provider}, ${e.model},
          ${e.promptTokens}, ${e.completionTokens})
        returning ${cols}`),
    history: (userId, page) =>
      Effect.all({
        items: exchanges.all(sql`select ${cols} from training.coach_exchanges where user_id = ${userId}
          order by created_at desc, id desc limit ${page.limit} offset ${page.offset}`),
        total: Effect.map(totals.one(sql`select count(*)::int as total from training.coach_exchanges where user_id = ${userId}`), (r) => r.total)
      }),
    usage: (userId, since) =>
      usage.one(sql`select ${since}::timestamptz as since, count(*)::int as calls,
          coalesce(sum(prompt_tokens), 0)::float8 as prompt_tokens, coalesce(sum(completion_tokens), 0)::float8 as completion_tokens
        from training.coach_exchanges where user_id = ${userId} and created_at >= ${since}`)
  })
}))
