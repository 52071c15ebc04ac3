/**
 * The wire server in front of the embedded PGlite: speaks the Postgres protocol on 127.0.0.1 so
 * the same PgClient as for a real server reaches it.
 *
 * PGlite is ONE backend session. Several client connections share it the way a transaction-mode
 * pooler shares a server connection: a connection owns the session from its first message until
 * the session is idle again (a ReadyForQuery whose status is `I`), so a transaction, or an
 * extended-query exchange up to its Sync, never interleaves with another connection's statements;
 * the others wait their turn in arrival order. A connection that goes away while it owns the
 * session has its exchange synced and its transaction rolled back before the next one runs.
 *
 * Two differences from a real server are corrected here, because drivers rely on them:
 * - PGlite answers a failing Parse/Bind/Describe/Execute with ErrorResponse AND ReadyForQuery,
 *   then answers the Sync with a second ReadyForQuery. A real server sends exactly one, at the
 *   Sync; the extra one makes `pg` resolve the NEXT query with no rows and then drop the
 *   connection on the unexpected messages that follow. ReadyForQuery is only forwarded for the
 *   messages that end an exchange (Sync, Query, function call, the end of a COPY).
 * - PGlite reports the same backend key (pid 42) on every connection, and its statements run
 *   synchronously in this process, so they cannot be cancelled; a driver that holds a key sends
 *   `pg_cancel_backend(42)` when a query is interrupted, which would wait for the session and
 *   cancel nothing. BackendKeyData is not forwarded, so drivers know there is no cancel.
 *
 * pglite-socket is not used: it forwards both quirks and refuses connections above a fixed count
 * (a pool replacing a broken connection before the server saw it close got "Too many connections").
 */
import type { PGlite } from "@electric-sql/pglite"
import { createServer, type Server, type Socket } from "node:net"

const ProtocolV3 = 196608
const SslRequest = 80877103
const GssEncRequest = 80877104

/** Frontend messages of the extended query protocol: a real server never answers them with ReadyForQuery. */
const ExtendedQuery = new Set(["P", "B", "D", "E", "C", "H"])

/** Who runs statements on the one PGlite session now, and who waits for it (first come, first served). */
class SessionOwnership {
  private owner: WireConnection | null = null
  private readonly waiting: Array<{ readonly connection: WireConnection; readonly grant: (granted: boolean) => void }> = []

  isOwnedBy(connection: WireConnection) {
    return this.owner === connection
  }

  /** Resolves true once `connection` owns the session; false if it left the queue (closed) first. */
  acquire(connection: WireConnection): Promise<boolean> {
    if (this.owner === connection) return Promise.resolve(true)
    if (this.owner === null) {
      this.owner = connection
      return Promise.resolve(true)
    }
    return new Promise((grant) => this.waiting.push({ connection, grant }))
  }

  release(connection: WireConnection) {
    if (this.owner !== connection) return
    const next = this.waiting.shift()
    this.owner = next?.connection ?? null
    next?.grant(true)
  }

  leaveQueue(connection: WireConnection) {
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const waiter = this.waiting[i]
      if (waiter?.connection === connection) {
        this.waiting.splice(i, 1)
        waiter.grant(false)
      }
    }
  }
}

/** Splits backend output into whole messages (type byte + int32 length that counts itself). */
const backendMessages = (output: Buffer): Array<Buffer> => {
  const messages: Array<Buffer> = []
  let at = 0
  while (at + 5 <= output.length) {
    const end = at + 1 + output.readInt32BE(at + 1)
    messages.push(output.subarray(at, end))
    at = end
  }
  return messages
}

const frontendMessage = (type: string, body: Buffer = Buffer.alloc(0)) => {
  const message = Buffer.alloc(5 + body.length)
  message.write(type, 0, "latin1")
  message.writeInt32BE(4 + body.length, 1)
  body.copy(message, 5)
  return message
}
const SyncMessage = frontendMessage("S")
const RollbackMessage = frontendMessage("Q", Buffer.from("ROLLBACK\0", "latin1"))

class WireConnection {
  private buffer = Buffer.alloc(0)
  private started = false
  private closed = false
  /** Messages are handled one at a time, in order, and the close cleanup after the last of them. */
  private work: Promise<void> = Promise.resolve()
  /** An extended-query exchange was begun and not yet ended by a Sync. */
  private inExchange = false

  constructor(
    private readonly socket: Socket,
    private readonly db: PGlite,
    private readonly session: SessionOwnership
  ) {
    socket.setNoDelay(true)
    socket.on("data", (data) => {
      this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data])
      this.schedule(() => this.drain())
    })
    // Errors (a reset peer) end in "close", where the cleanup runs.
    socket.on("error", () => {})
    socket.on("close", () => {
      this.closed = true
      this.session.leaveQueue(this)
      this.schedule(() => this.leave())
    })
  }

  private schedule(task: () => Promise<void>) {
    this.work = this.work.then(task).catch(() => {
      // PGlite itself failed (closed, aborted): this connection cannot go on; others may.
      this.socket.destroy()
      return this.leave().catch(() => {})
    })
  }

  /** Handles every complete message in the buffer. */
  private async drain() {
    while (!this.closed) {
      const message = this.nextMessage()
      if (message === undefined) return
      if (!this.started) {
        await this.startup(message)
        continue
      }
      const type = String.fromCharCode(message[0] ?? 0)
      if (type === "X") {
        this.socket.end()
        return
      }
      if (!(await this.session.acquire(this))) return
      if (ExtendedQuery.has(type)) this.inExchange = true
      if (type === "S") this.inExchange = false
      const { idle, output } = await this.execute(message, ExtendedQuery.has(type))
      if (output.length > 0 && !this.closed) this.socket.write(output)
      if (idle && !this.inExchange) this.session.release(this)
    }
  }

  /** The next whole message, or undefined until more bytes arrive. Startup-phase messages have no type byte. */
  private nextMessage(): Buffer | undefined {
    const headerLength = this.started ? 5 : 4
    if (this.buffer.length < headerLength) return undefined
    const length = this.started ? 1 + this.buffer.readInt32BE(1) : this.buffer.readInt32BE(0)
    if (this.buffer.length < length) return undefined
    const message = this.buffer.subarray(0, length)
    this.buffer = this.buffer.subarray(length)
    return message
  }

  private async startup(message: Buffer) {
    const code = message.length >= 8 ? message.readInt32BE(4) : 0
    if (code === SslRequest || code === GssEncRequest) {
      this.socket.write("N") // plain connection only, as on 127.0.0.1
      return
    }
    if (code !== ProtocolV3) {
      // A cancel request (there is nothing to cancel, see above) or an unknown protocol.
      this.socket.end()
      return
    }
    if (!(await this.session.acquire(this))) return
    const { idle, output } = await this.execute(message, false)
    this.started = true
    if (!this.closed) this.socket.write(output)
    if (idle) this.session.release(this)
  }

  /** Runs one frontend message on the session; returns what to send back and whether the session is idle after it. */
  private async execute(message: Buffer, extendedQuery: boolean) {
    const chunks: Array<Buffer> = []
    await this.db.runExclusive(() =>
      this.db.execProtocolRawStream(new Uint8Array(message), { onRawData: (data) => chunks.push(Buffer.from(data)) })
    )
    let idle = false
    const forwarded = backendMessages(Buffer.concat(chunks)).filter((m) => {
      const type = String.fromCharCode(m[0] ?? 0)
      if (type === "K") return false
      if (type !== "Z") return true
      if (extendedQuery) return false
      idle = m[5] === 0x49 // 'I': no transaction open
      return true
    })
    return { idle, output: Buffer.concat(forwarded) }
  }

  /** The connection is gone: finish its exchange and roll back its transaction if it owns the session, then hand it on. */
  private async leave() {
    if (!this.session.isOwnedBy(this)) return
    try {
      if (this.inExchange) await this.execute(SyncMessage, false)
      this.inExchange = false
      if (this.db.isInTransaction()) await this.execute(RollbackMessage, false)
    } finally {
      this.session.release(this)
    }
  }
}

/** A running wire server; `close` stops listening and drops every connection. */
export interface EmbeddedServer {
  readonly host: string
  readonly port: number
  readonly close: () => Promise<void>
}

/** Serves `db` on 127.0.0.1 at a free port. */
export const serveEmbedded = (db: PGlite): Promise<EmbeddedServer> =>
  new Promise((resolve, reject) => {
    const session = new SessionOwnership()
    const sockets = new Set<Socket>()
    const server: Server = createServer((socket) => {
      sockets.add(socket)
      socket.on("close", () => sockets.delete(socket))
      new WireConnection(socket, db, session)
    })
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      if (address === null || typeof address === "string") return reject(new Error("the embedded database server has no TCP address"))
      resolve({
        host: address.address,
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy()
            server.close(() => done())
          })
      })
    })
  })
