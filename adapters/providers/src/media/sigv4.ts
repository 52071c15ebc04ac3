/**
 * AWS Signature Version 4 for S3-compatible object stores, on node:crypto (header-based signing,
 * signed payload hash). https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
import { createHash, createHmac } from "node:crypto"

export interface SigV4Credentials {
  readonly accessKeyId: string
  readonly secretAccessKey: string
  readonly region: string
  readonly service: string
}

const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex")
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest()

/** RFC 3986 encoding as SigV4 wants it (every byte but unreserved characters). */
export const uriEncode = (s: string, keepSlash: boolean) =>
  Array.from(new TextEncoder().encode(s)).map((b) => {
    const c = String.fromCharCode(b)
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === "/")) return c
    return `%${b.toString(16).toUpperCase().padStart(2, "0")}`
  }).join("")

/** `20240101T000000Z` */
export const amzDate = (at: Date) => at.toISOString().replace(/[:-]|\.\d{3}/g, "")

/**
 * Signs a request: returns the headers to send (host, x-amz-date, x-amz-content-sha256,
 * authorization plus the given ones). `url.pathname` must already be URI-encoded.
 */
export const signRequest = (input: {
  readonly method: string
  readonly url: URL
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: Uint8Array
  readonly credentials: SigV4Credentials
  readonly now: Date
}): Record<string, string> => {
  const date = amzDate(input.now)
  const day = date.slice(0, 8)
  const payloadHash = sha256Hex(input.body ?? new Uint8Array())
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: input.url.host,
    "x-amz-date": date,
    "x-amz-content-sha256": payloadHash
  }
  const names = Object.keys(headers).sort()
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.replace(/\s+/g, " ")}\n`).join("")
  const signedHeaders = names.join(";")
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&")
  const canonicalRequest = [input.method, input.url.pathname || "/", query, canonicalHeaders, signedHeaders, payloadHash].join("\n")
  const { region, service } = input.credentials
  const scope = `${day}/${region}/${service}/aws4_request`
  const stringToSign = ["AWS4-HMAC-SHA256", date, scope, sha256Hex(canonicalRequest)].join("\n")
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, day), region), service), "aws4_request")
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex")
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
  }
}
