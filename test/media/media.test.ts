/**
 * Media delivery and blob stores: signed tokens (404 forged or malformed, 410 expired), the local
 * disk store refusing unsafe keys, and the S3-compatible store against a small local S3-like
 * server that verifies every request's AWS Signature V4 independently — directly and as the real
 * host's store (BLOB_STORE=s3).
 */
import { Media } from "@podium/core"
import { BlobStoreLocal, BlobStoreS3 } from "@podium/providers"
import { Effect, Option, Redacted } from "effect"
import { createHash, createHmac } from "node:crypto"
import { mkdtempSync } from "node:fs"
import { createServer, type IncomingMessage, type Server } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { multipart, newAdmin, PngBytes, freshPhone } from "../organizers/support.js"
import { type RealHost, startRealHost } from "../support/real-host.js"

// ---- a tiny S3-like server that checks SigV4 on its own ----

const Access = { id: "AKIDTEST", secret: "s3cr3t/KEY+for+tests", region: "ap-south-1", bucket: "podium-test" }

const hex = (d: string | Buffer) => createHash("sha256").update(d).digest("hex")
const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** Recomputes the signature of a request from its raw parts; true when it matches. */
const verifySigV4 = (req: IncomingMessage, body: Buffer): boolean => {
  const auth = req.headers.authorization ?? ""
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth)
  if (m === null || m[1] !== Access.id || m[3] !== Access.region) return false
  const [, , day, region, signed, signature] = m as unknown as [string, string, string, string, string, string]
  if (req.headers["x-amz-content-sha256"] !== hex(body)) return false
  const url = new URL(req.url ?? "/", "http://x")
  const names = signed.split(";")
  const canonicalHeaders = names.map((n) => `${n}:${String(req.headers[n] ?? "").trim()}\n`).join("")
  const path = url.pathname.split("/").map((seg) => enc(decodeURIComponent(seg))).join("/")
  const canonical = [req.method, path, "", canonicalHeaders, signed, hex(body)].join("\n")
  const date = String(req.headers["x-amz-date"])
  const toSign = ["AWS4-HMAC-SHA256", date, `${day}/${region}/s3/aws4_request`, hex(canonical)].join("\n")
  const h = (k: string | Buffer, d: string) => createHmac("sha256", k).update(d).digest()
  const key = h(h(h(h(`AWS4${Access.secret}`, day), region), "s3"), "aws4_request")
  return createHmac("sha256", key).update(toSign).digest("hex") === signature
}

const objects = new Map<string, { body: Buffer; type: string }>()
let rejected = 0
let s3: Server
let s3Url = ""

beforeAll(async () => {
  s3 = createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const body = Buffer.concat(chunks)
      if (!verifySigV4(req, body)) {
        rejected++
        res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>")
        return
      }
      const key = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)
      if (!key.startsWith(`/${Access.bucket}/`)) return void res.writeHead(404).end()
      if (req.method === "PUT") {
        objects.set(key, { body, type: String(req.headers["content-type"]) })
        return void res.writeHead(200).end()
      }
      const found = objects.get(key)
      if (req.method === "DELETE") {
        objects.delete(key)
        return void res.writeHead(204).end()
      }
      if (found === undefined) return void res.writeHead(404).end()
      res.writeHead(200, { "content-type": found.type }).end(found.body)
    })
  })
  await new Promise<void>((resolve) => s3.listen(0, "127.0.0.1", resolve))
  const address = s3.address()
  s3Url = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`
})
afterAll(async () => {
  await new Promise<void>((resolve) => s3.close(() => resolve()))
})

const run = <A>(effect: Effect.Effect<A, never, Media.BlobStore>, layer: ReturnType<typeof BlobStoreLocal>) =>
  Effect.runPromise(Effect.provide(effect, layer))

describe("blob stores", () => {
  it("stores, reads and removes files on local disk and refuses unsafe keys", async () => {
    const layer = BlobStoreLocal(mkdtempSync(join(tmpdir(), "podium-blobs-")))
    await run(Effect.flatMap(Media.BlobStore, (s) => s.put("o/abc_-1.png", PngBytes, "image/png")), layer)
    const read = await run(Effect.flatMap(Media.BlobStore, (s) => s.get("o/abc_-1.png")), layer)
    expect(Option.getOrThrow(read)).toEqual({ bytes: PngBytes, contentType: "image/png" })
    expect(Option.isNone(await run(Effect.flatMap(Media.BlobStore, (s) => s.get("../secrets.json")), layer))).toBe(true)
    await run(Effect.flatMap(Media.BlobStore, (s) => s.remove("o/abc_-1.png")), layer)
    expect(Option.isNone(await run(Effect.flatMap(Media.BlobStore, (s) => s.get("o/abc_-1.png")), layer))).toBe(true)
  })

  it("talks SigV4 to an S3-compatible store, and a wrong secret is refused by the store", async () => {
    const layer = BlobStoreS3({
      endpoint: s3Url,
      bucket: Access.bucket,
      region: Access.region,
      accessKeyId: Access.id,
      secretAccessKey: Redacted.make(Access.secret)
    })
    await run(Effect.flatMap(Media.BlobStore, (s) => s.put("o/x y+z.png", PngBytes, "image/png")), layer)
    expect(objects.get(`/${Access.bucket}/o/x y+z.png`)?.type).toBe("image/png")
    const read = await run(Effect.flatMap(Media.BlobStore, (s) => s.get("o/x y+z.png")), layer)
    expect(Option.getOrThrow(read)).toEqual({ bytes: PngBytes, contentType: "image/png" })
    expect(Option.isNone(await run(Effect.flatMap(Media.BlobStore, (s) => s.get("o/missing.png")), layer))).toBe(true)
    await run(Effect.flatMap(Media.BlobStore, (s) => s.remove("o/x y+z.png")), layer)
    expect(objects.has(`/${Access.bucket}/o/x y+z.png`)).toBe(false)
    expect(rejected).toBe(0)

    const wrong = BlobStoreS3({ endpoint: s3Url, bucket: Access.bucket, region: Access.region, accessKeyId: Access.id, secretAccessKey: Redacted.make("nope") })
    const exit = await Effect.runPromiseExit(Effect.provide(Effect.flatMap(Media.BlobStore, (s) => s.put("o/a.png", PngBytes, "image/png")), wrong))
    expect(exit._tag).toBe("Failure")
    expect(rejected).toBe(1)
  })
})

describe("media delivery", () => {
  let host: RealHost
  let s3Host: RealHost
  beforeAll(async () => {
    host = await startRealHost(import.meta.url)
    s3Host = await startRealHost(`${import.meta.url}-s3`, {
      BLOB_STORE: "s3",
      S3_ENDPOINT: s3Url,
      S3_BUCKET: Access.bucket,
      S3_REGION: Access.region,
      S3_ACCESS_KEY_ID: Access.id,
      S3_SECRET_ACCESS_KEY: Access.secret
    })
  }, 60_000)
  afterAll(async () => {
    await host?.close()
    await s3Host?.close()
  })

  it("answers 404 for forged or malformed tokens and 410 for expired ones", async () => {
    const token = await host.run(Media.issueMediaToken({ key: "o/not-there.png", contentType: "image/png" }, "public"))
    const missing = await host.http.get(`/v2/media/content/${token}?download=0`)
    expect(missing.status).toBe(404)
    const [body, signature] = token.split(".") as [string, string]
    const forged = `${body.slice(0, -2)}AA.${signature}`
    expect((await host.http.get(`/v2/media/content/${forged}?download=0`)).status).toBe(404)
    expect((await host.http.get("/v2/media/content/garbage?download=0")).status).toBe(404)
    const expired = await host.run(Media.issueMediaToken({ key: "o/not-there.png", contentType: "image/png" }, "public", -5))
    const gone = await host.http.get(`/v2/media/content/${expired}?download=1`)
    expect(gone.status).toBe(410)
    expect(gone.body).toMatchObject({ status: 410, statusText: "GONE", message: "This media link has expired", data: null })
    // A token of one audience is not valid as another.
    const privateToken = await host.run(Media.issueMediaToken({ key: "o/not-there.png", contentType: "image/png" }, "private"))
    const swapped = `${Buffer.from(Buffer.from(privateToken.split(".")[0]!, "base64url").toString().replace("|r|", "|u|")).toString("base64url")}.${privateToken.split(".")[1]}`
    expect((await host.http.get(`/v2/media/content/${swapped}?download=0`)).status).toBe(404)
    expect((await host.http.get(`/v2/media/content/${token}`)).status).toBe(400)
  })

  it("serves uploads kept in the S3 store when BLOB_STORE=s3", async () => {
    const admin = await newAdmin(s3Host)
    const created = await multipart(s3Host, "POST", "/v2/organizers", {
      name: "S3 Org",
      phoneNumber: freshPhone(),
      companyLogoFile: { bytes: PngBytes, name: "logo.png" }
    }, admin.headers)
    expect(created.status).toBe(201)
    expect([...objects.keys()].some((k) => k.startsWith(`/${Access.bucket}/o/`))).toBe(true)
    const image = await fetch(s3Host.http.baseUrl + created.body.data.companyLogo)
    expect(image.status).toBe(200)
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PngBytes)
  })
})
