/**
 * The embedded PGlite behind its wire server, reached by the same PgClient as a real server:
 * a failing statement leaves the connection in step with the server (one ReadyForQuery per
 * exchange), transactions of several connections never interleave on the one PGlite session, a
 * connection that goes away mid-transaction is rolled back and the session handed on, and no
 * cancel key is offered for statements that cannot be cancelled.
 */
import { assert, layer } from "@effect/vitest"
import type { PgClient } from "@effect/sql-pg"
import { counts, makePgClient, rowsOf, startEmbedded } from "@podium/postgres"
import { Context, Effect, Exit, Layer, Schema } from "effect"
import { connect } from "node:net"

const clientOn = (server: { readonly host: string; readonly port: number }, maxConnections: number) =>
  makePgClient(
    { host: server.host, port: server.port, database: "postgres", username: "postgres", maxConnections },
    { retryFor: "5 seconds", describe: (cause) => cause }
  )

/** One in-memory PGlite for the file (starting one is slow on a busy machine); each test has its own table. */
class Embedded extends Context.Tag("test/Embedded")<Embedded, { readonly host: string; readonly port: number }>() {}
const EmbeddedLive = Layer.scoped(Embedded, Effect.map(startEmbedded({}), ({ host, port }) => ({ host, port })))

let tables = 0
/** A PgClient on the file's PGlite and the name of an empty table `(k text primary key)` of this test. */
const embedded = (maxConnections: number) =>
  Effect.gen(function*() {
    const server = yield* Embedded
    const sql = yield* clientOn(server, maxConnections)
    const t = `t${tables++}`
    yield* sql.unsafe(`create table ${t} (k text primary key)`)
    return { server, sql, t: sql(t), name: t }
  })

const count = (sql: PgClient.PgClient, t: ReturnType<PgClient.PgClient>, where: string) =>
  counts.all(sql`select count(*)::int as n from ${t} where ${sql.literal(where)}`).pipe(Effect.map((rows) => rows[0]?.n))

/** Rows of one integer column `v`: an empty answer (a desynchronised connection) leaves `value` undefined. */
const values = rowsOf(Schema.Struct({ v: Schema.Number }))

/** A real pause (the tests run on the test clock): the transactions really wait while the other connections' statements queue. */
const pause = (ms: number) => Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

const startupMessage = () => {
  const params = Buffer.from("user\0postgres\0database\0postgres\0\0", "latin1")
  const startup = Buffer.alloc(8 + params.length)
  startup.writeInt32BE(startup.length, 0)
  startup.writeInt32BE(196608, 4)
  params.copy(startup, 8)
  return startup
}

/** The message types of the server's answer to a startup message, up to its ReadyForQuery. */
const startupReply = (server: { readonly host: string; readonly port: number }) =>
  Effect.async<string>((resume) => {
    const socket = connect(server.port, server.host)
    let received = Buffer.alloc(0)
    socket.on("data", (data) => {
      received = Buffer.concat([received, data])
      const types: Array<string> = []
      for (let at = 0; at + 5 <= received.length; at += 1 + received.readInt32BE(at + 1)) {
        types.push(String.fromCharCode(received[at] ?? 0))
      }
      if (types.at(-1) === "Z") {
        socket.destroy()
        resume(Effect.succeed(types.join("")))
      }
    })
    socket.write(startupMessage())
  })

/** Startup, then `statements` as one simple query, then the socket is destroyed without a word. */
const dropMidTransaction = (server: { readonly host: string; readonly port: number }, statements: string) =>
  Effect.async<void>((resume) => {
    const socket = connect(server.port, server.host)
    const startup = startupMessage()
    const text = Buffer.from(`${statements}\0`, "latin1")
    const query = Buffer.alloc(5 + text.length)
    query.write("Q", 0, "latin1")
    query.writeInt32BE(4 + text.length, 1)
    text.copy(query, 5)
    let received = ""
    let sent = false
    socket.on("data", (data) => {
      received += data.toString("latin1")
      if (!sent && received.includes("Z")) {
        sent = true
        received = ""
        socket.write(query)
      } else if (sent && received.includes("Z\0\0\0\u0005T")) {
        socket.destroy() // inside the transaction: status T
        resume(Effect.void)
      }
    })
    socket.write(startup)
  })

layer(EmbeddedLive, { timeout: "60 seconds" })("the embedded database's wire server", (it) => {
  it.scoped("keeps the connection in step after failing statements: the next query gets its own rows", () =>
    Effect.gen(function*() {
      const { sql, t } = yield* embedded(1)
      yield* sql`insert into ${t} (k) values ('taken')`
      const rounds = yield* Effect.all(
        Array.from({ length: 8 }, (_, i) =>
          Effect.gen(function*() {
            const failed = yield* Effect.exit(sql`insert into ${t} (k) values ('taken')`)
            const rows = yield* values.all(sql`select ${i}::int as v`)
            return { failed: Exit.isFailure(failed), value: rows[0]?.v }
          })),
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual(rounds, Array.from({ length: 8 }, (_, i) => ({ failed: true, value: i })))
      // Inside a transaction too: the error ends it, and the connection goes on.
      const inTransaction = yield* Effect.exit(sql.withTransaction(sql`insert into ${t} (k) values ('taken')`))
      assert.isTrue(Exit.isFailure(inTransaction))
      assert.strictEqual(yield* count(sql, t, "true"), 1)
    }))

  it.scoped("never lets another connection's statements land inside a transaction", () =>
    Effect.gen(function*() {
      const { sql, t } = yield* embedded(4)
      const rolledBack = (i: number) =>
        sql.withTransaction(Effect.gen(function*() {
          yield* sql`insert into ${t} (k) values (${`tx-${i}`})`
          yield* pause(5)
          yield* sql`insert into ${t} (k) values (${`tx-${i}-second`})`
          return yield* Effect.fail("roll back" as const)
        })).pipe(Effect.exit)
      const plain = (i: number) => Effect.zipRight(pause(i % 7), sql`insert into ${t} (k) values (${`plain-${i}`})`)
      yield* Effect.all([...Array.from({ length: 6 }, (_, i) => rolledBack(i)), ...Array.from({ length: 12 }, (_, i) => plain(i))], {
        concurrency: "unbounded",
        discard: true
      })
      assert.strictEqual(yield* count(sql, t, "k like 'tx-%'"), 0)
      assert.strictEqual(yield* count(sql, t, "k like 'plain-%'"), 12)
    }))

  it.scoped("rolls back the transaction of a connection that went away and hands the session on", () =>
    Effect.gen(function*() {
      const { name, server, sql, t } = yield* embedded(1)
      yield* dropMidTransaction(server, `begin; insert into ${name} (k) values ('orphan')`)
      assert.strictEqual(yield* count(sql, t, "k = 'orphan'"), 0)
      yield* sql`insert into ${t} (k) values ('orphan')`
      assert.strictEqual(yield* count(sql, t, "k = 'orphan'"), 1)
    }))

  it.scoped("offers no cancel key: PGlite's statements run in this process and cannot be cancelled", () =>
    Effect.gen(function*() {
      const { server } = yield* embedded(1)
      // With a key, a driver answers an interrupted query with `pg_cancel_backend(<pid>)` on
      // another connection, which here would wait for the session and cancel nothing.
      const types = yield* startupReply(server)
      assert.include(types, "R")
      assert.notInclude(types, "K")
      assert.strictEqual(types.at(-1), "Z")
    }))
})
