/**
 * A local identity provider for tests: one node:http server on 127.0.0.1 serving
 * `/.well-known/jwks.json` (the provider's public signing keys) and `/auth/token` (Apple-style code
 * exchange: form post with grant_type, code, client_id, client_secret — an ES256 JWT it verifies
 * against the client key — and redirect_uri), answering an `id_token` it signs. Tests mint ID
 * tokens directly with `idToken(...)` or register authorization codes with `registerCode(...)`.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { exportJWK, exportPKCS8, generateKeyPair, type JWTPayload, jwtVerify, SignJWT } from "jose"

export interface TokenRequest {
  readonly form: URLSearchParams
  /** The verified claims of the client secret, or the reason it failed. */
  readonly clientSecret: JWTPayload | string
  readonly kid: string | undefined
}

export interface LocalIdentityProvider {
  readonly baseUrl: string
  readonly issuer: string
  readonly jwksUrl: string
  readonly tokenUrl: string
  /** PKCS#8 PEM of the ES256 key the server's client secret must be signed with (give it to the host). */
  readonly clientPrivateKeyPem: string
  readonly teamId: string
  readonly keyId: string
  /** Signs an ID token with the provider key (defaults: this issuer, `aud`, 10 minutes, a verified e-mail). */
  readonly idToken: (claims: JWTPayload & { readonly sub: string }, options?: {
    readonly issuer?: string
    readonly audience?: string
    readonly expiresAt?: number
    readonly foreignKey?: boolean
  }) => Promise<string>
  /** Makes `code` exchangeable once for an ID token with these claims. */
  readonly registerCode: (code: string, claims: JWTPayload & { readonly sub: string }, audience?: string) => void
  /** Every token request received, oldest first. */
  readonly tokenRequests: Array<TokenRequest>
  /** How many JWKS fetches the server answered. */
  readonly jwksFetches: () => number
  readonly close: () => Promise<void>
}

export const startIdentityProvider = async (options: { readonly audience: string; readonly teamId?: string; readonly keyId?: string }): Promise<LocalIdentityProvider> => {
  const signing = await generateKeyPair("RS256", { extractable: true })
  const foreign = await generateKeyPair("RS256", { extractable: true })
  const client = await generateKeyPair("ES256", { extractable: true })
  const jwk = { ...(await exportJWK(signing.publicKey)), kid: "provider-key-1", alg: "RS256", use: "sig" }
  const teamId = options.teamId ?? "TEAM123456"
  const keyId = options.keyId ?? "KEY1234567"
  const codes = new Map<string, { claims: JWTPayload & { sub: string }; audience: string }>()
  const tokenRequests: Array<TokenRequest> = []
  let jwksFetches = 0
  let issuer = ""

  const sign = (claims: JWTPayload, opts: { issuer?: string; audience?: string; expiresAt?: number; foreignKey?: boolean } = {}) =>
    new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: "RS256", kid: opts.foreignKey === true ? "unknown-key" : "provider-key-1" })
      .setIssuer(opts.issuer ?? issuer)
      .setAudience(opts.audience ?? options.audience)
      .setIssuedAt(opts.expiresAt === undefined ? undefined : opts.expiresAt - 600)
      .setExpirationTime(opts.expiresAt ?? Math.floor(Date.now() / 1000) + 600)
      .sign(opts.foreignKey === true ? foreign.privateKey : signing.privateKey)

  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" })
      res.end(JSON.stringify(body))
    }
    if (req.method === "GET" && req.url === "/.well-known/jwks.json") {
      jwksFetches++
      return send(200, { keys: [jwk] })
    }
    if (req.method === "POST" && req.url === "/auth/token") {
      let raw = ""
      req.on("data", (chunk) => (raw += chunk))
      req.on("end", async () => {
        const form = new URLSearchParams(raw)
        const secret = form.get("client_secret") ?? ""
        let clientSecret: JWTPayload | string
        let kid: string | undefined
        try {
          const verified = await jwtVerify(secret, client.publicKey, { algorithms: ["ES256"], issuer: teamId, audience: issuer })
          clientSecret = verified.payload
          kid = verified.protectedHeader.kid
        } catch (error) {
          clientSecret = String(error)
        }
        tokenRequests.push({ form, clientSecret, kid })
        if (typeof clientSecret === "string" || kid !== keyId || clientSecret.sub !== form.get("client_id")) {
          return send(401, { error: "invalid_client" })
        }
        const code = form.get("code") ?? ""
        const entry = codes.get(code)
        if (form.get("grant_type") !== "authorization_code" || entry === undefined || entry.audience !== form.get("client_id")) {
          return send(400, { error: "invalid_grant" })
        }
        codes.delete(code)
        return send(200, { access_token: "provider-access", token_type: "Bearer", expires_in: 3600, id_token: await sign(entry.claims, { audience: entry.audience }) })
      })
      return
    }
    send(404, { error: "not_found" })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  issuer = baseUrl
  return {
    baseUrl,
    issuer,
    jwksUrl: `${baseUrl}/.well-known/jwks.json`,
    tokenUrl: `${baseUrl}/auth/token`,
    clientPrivateKeyPem: await exportPKCS8(client.privateKey),
    teamId,
    keyId,
    idToken: (claims, opts) => sign(claims, opts),
    registerCode: (code, claims, audience = options.audience) => void codes.set(code, { claims, audience }),
    tokenRequests,
    jwksFetches: () => jwksFetches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
