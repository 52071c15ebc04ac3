/** A loopback TCP proxy a test can cut, to take a dependency away from a running host. */
import { createConnection, createServer, type Socket } from "node:net"

export interface TcpProxy {
  readonly port: number
  /** Closes the listener and every open connection: the target looks stopped. */
  readonly cut: () => Promise<void>
}

export const startTcpProxy = (targetHost: string, targetPort: number): Promise<TcpProxy> =>
  new Promise((resolve, reject) => {
    const sockets = new Set<Socket>()
    const server = createServer((client) => {
      const upstream = createConnection({ host: targetHost, port: targetPort })
      sockets.add(client)
      sockets.add(upstream)
      client.pipe(upstream).pipe(client)
      const drop = () => {
        client.destroy()
        upstream.destroy()
        sockets.delete(client)
        sockets.delete(upstream)
      }
      client.on("error", drop).on("close", drop)
      upstream.on("error", drop).on("close", drop)
    })
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      if (address === null || typeof address === "string") return reject(new Error("no port"))
      resolve({
        port: address.port,
        cut: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy()
            server.close(() => done())
          })
      })
    })
  })
