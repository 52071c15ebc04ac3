/**
 * The generic admin list query (A 2.2): parsing against a whitelist with 400-style messages, and
 * the same answers from the memory evaluator and from Postgres for the same rows.
 */
import { assert, describe, it, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { Platform } from "@podium/core"
import { rowsOf, runListQuery } from "@podium/postgres"
import { Effect, Either, Schema } from "effect"
import { TestDatabase } from "../support/database.js"

const probeRows = rowsOf(Schema.Struct({ id: Schema.Number }))

const spec: Platform.ListSpec = {
  fields: { id: "number", name: "string", city: "string", active: "boolean", score: "number", joinedAt: "date" },
  joins: ["club"],
  searchable: ["name", "city"],
  defaultSort: [{ field: "id", order: "ASC" }],
  maxLimit: 50
}
const columns = { id: "id", name: "name", city: "city", active: "active", score: "score", joinedAt: "joined_at" }

const people = [
  { id: 1, name: "Asha Rao", city: "Pune", active: true, score: 40, joinedAt: new Date("2026-01-05T00:00:00Z") },
  { id: 2, name: "Bo Chen", city: "Mumbai", active: false, score: 75, joinedAt: new Date("2026-02-10T00:00:00Z") },
  { id: 3, name: "Chitra Iyer", city: "pune", active: true, score: 90, joinedAt: new Date("2026-03-15T00:00:00Z") },
  { id: 4, name: "Dev 50%_off", city: null, active: true, score: 10, joinedAt: new Date("2026-04-20T00:00:00Z") },
  { id: 5, name: "Esha Nair", city: "Delhi", active: false, score: 55, joinedAt: new Date("2026-05-25T00:00:00Z") }
]

const parse = (params: Platform.ListParams) => Either.getOrThrow(Platform.parseListQuery(spec, params))
const ids = (page: Platform.ListPage<{ readonly id?: number }>) => page.data.map((r) => r.id)

/** Queries every evaluator must answer identically: [params, expected ids, expected total]. */
const cases: ReadonlyArray<readonly [string, Platform.ListParams, ReadonlyArray<number>, number]> = [
  ["all, default sort", {}, [1, 2, 3, 4, 5], 5],
  ["filter $eq on a boolean", { filter: ["active||$eq||true"] }, [1, 3, 4], 3],
  ["filters are AND-ed", { filter: ["active||$eq||true", "score||$gte||40"] }, [1, 3], 2],
  ["or joins the filter group", { filter: ["score||$gt||80"], or: ["city||$eq||Delhi"] }, [3, 5], 2],
  ["case-insensitive contains", { filter: ["city||$contL||PUN"] }, [1, 3], 2],
  ["LIKE wildcards are literal", { filter: ["name||$cont||50%_"] }, [4], 1],
  ["$in on numbers", { filter: ["id||$in||2,4"] }, [2, 4], 2],
  ["$isnull", { filter: ["city||$isnull"] }, [4], 1],
  ["$between dates", { filter: ["joinedAt||$between||2026-02-01T00:00:00Z,2026-04-01T00:00:00Z"] }, [2, 3], 2],
  ["s JSON with operators and $or", { s: JSON.stringify({ $or: [{ score: { $lt: 20 } }, { name: { $starts: "Bo" } }] }) }, [2, 4], 2],
  ["s bare word searches the searchable fields", { s: "esha" }, [5], 1],
  ["sort DESC then limit and page", { sort: ["score,DESC"], limit: 2, page: 2 }, [5, 1], 5]
]

describe("list query parsing", () => {
  it("refuses unknown fields, operators, joins and bad paging with one message each", () => {
    const result = Platform.parseListQuery(spec, {
      fields: "name,password",
      filter: ["secret||$eq||x", "name||$regex||x", "score||$gt||many"],
      sort: ["name,SIDEWAYS"],
      join: ["wallet"],
      limit: 500,
      s: "{not json"
    })
    assert.isTrue(Either.isLeft(result))
    const messages = Either.isLeft(result) ? result.left.messages : []
    assert.includeMembers([...messages], [
      "limit must be an integer between 1 and 50",
      "sort order of \"name\" must be ASC or DESC",
      "filter value for \"score\" must be a number"
    ])
    assert.isTrue(messages.some((m) => m.startsWith("fields \"password\" is not one of")))
    assert.isTrue(messages.some((m) => m.startsWith("filter field \"secret\"")))
    assert.isTrue(messages.some((m) => m.startsWith("filter operator \"$regex\"")))
    assert.isTrue(messages.some((m) => m.startsWith("join \"wallet\"")))
  })

  it("computes offset from page and reports the page", () => {
    const q = parse({ limit: 10, page: 3 })
    assert.strictEqual(q.offset, 20)
    assert.strictEqual(q.page, 3)
    assert.isTrue(parse({ cache: 1 }).resetCache)
  })

  it("selects only the requested fields", () => {
    const page = Platform.applyListQuery(parse({ fields: "id,name", limit: 1 }), people)
    assert.deepStrictEqual(page.data, [{ id: 1, name: "Asha Rao" }])
    assert.deepStrictEqual({ count: page.count, total: page.total, pageCount: page.pageCount }, { count: 1, total: 5, pageCount: 5 })
  })

  for (const [title, params, expected, total] of cases) {
    it(`memory: ${title}`, () => {
      const page = Platform.applyListQuery(parse(params), people)
      assert.deepStrictEqual(ids(page), [...expected])
      assert.strictEqual(page.total, total)
    })
  }
})

layer(TestDatabase, { timeout: "60 seconds", excludeTestServices: true })("list query on Postgres", (it) => {
  const seeded = Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`create table if not exists public.list_probe (id int primary key, name text, city text, active boolean, score int, joined_at timestamptz)`
    yield* sql`truncate public.list_probe`
    yield* sql`insert into public.list_probe ${sql.insert(people.map((p) => ({ id: p.id, name: p.name, city: p.city, active: p.active, score: p.score, joined_at: p.joinedAt })))}`
  })
  for (const [title, params, expected, total] of cases) {
    it.effect(`postgres: ${title}`, () =>
      Effect.gen(function*() {
        yield* seeded
        const query = parse(params)
        const { rows, total: counted } = yield* runListQuery({ table: "public.list_probe", columns, query, rows: probeRows })
        assert.deepStrictEqual(rows.map((r) => r.id), [...expected])
        assert.strictEqual(counted, total)
      }))
  }
})
