/**
 * A software WebAuthn authenticator for tests: an ES256 (P-256) key pair per credential,
 * registration responses with attestation "none" (CBOR-encoded attestation object with the COSE
 * public key in the attested credential data) and signed assertions whose signature counter goes
 * up by one each time. It speaks the JSON forms @simplewebauthn/browser would send.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto"

// --- a tiny CBOR encoder (RFC 8949): unsigned/negative integers, byte and text strings, arrays, maps.
type Cbor = number | string | Uint8Array | ReadonlyArray<Cbor> | Map<Cbor, Cbor> | { readonly [key: string]: Cbor }

const head = (major: number, length: number): Buffer => {
  if (length < 24) return Buffer.from([(major << 5) | length])
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length])
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff])
  const b = Buffer.alloc(5)
  b[0] = (major << 5) | 26
  b.writeUInt32BE(length, 1)
  return b
}

export const cbor = (value: Cbor): Buffer => {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8")
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)])
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)])
  const entries: Array<[Cbor, Cbor]> = value instanceof Map ? [...value.entries()] : Object.entries(value)
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url")
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest()

interface Credential {
  readonly id: Buffer
  readonly privateKey: KeyObject
  readonly userHandle: string
  counter: number
}

/** Options as the server sends them (only the fields the authenticator reads). */
interface CreationOptions {
  readonly challenge: string
  readonly rp: { readonly id?: string }
  readonly user: { readonly id: string }
}
interface RequestOptions {
  readonly challenge: string
  readonly rpId?: string
  readonly allowCredentials?: ReadonlyArray<{ readonly id: string }>
}

export class SoftwareAuthenticator {
  readonly credentials: Array<Credential> = []
  constructor(readonly origin: string, readonly rpId = "localhost") {}

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), "utf8")
  }

  private flags(userVerified: boolean, attested: boolean) {
    return 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0)
  }

  /** A registration response for `options` (a new credential). */
  register(options: CreationOptions, overrides: { readonly origin?: string } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
    const jwk = publicKey.export({ format: "jwk" })
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")]
    ])
    const id = randomBytes(16)
    const credIdLength = Buffer.alloc(2)
    credIdLength.writeUInt16BE(id.length)
    const counter = Buffer.alloc(4)
    const authData = Buffer.concat([
      sha256(options.rp.id ?? this.rpId),
      Buffer.from([this.flags(true, true)]),
      counter,
      Buffer.alloc(16), // AAGUID
      credIdLength,
      id,
      cbor(coseKey)
    ])
    const attestationObject = cbor({ fmt: "none", attStmt: {}, authData })
    this.credentials.push({ id, privateKey, userHandle: options.user.id, counter: 0 })
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, overrides.origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"]
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform"
    }
  }

  /**
   * A signed assertion for `options` with the first allowed (or, for discoverable sign-in, the
   * given or first) credential; the counter goes up by one unless `counter` is forced.
   */
  assert(options: RequestOptions, overrides: { readonly credential?: number; readonly counter?: number; readonly userVerified?: boolean } = {}) {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? []
    const credential = overrides.credential !== undefined
      ? this.credentials[overrides.credential]!
      : this.credentials.find((c) => allowed.length === 0 || allowed.includes(b64url(c.id)))!
    credential.counter = overrides.counter ?? credential.counter + 1
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(credential.counter)
    const authenticatorData = Buffer.concat([
      sha256(options.rpId ?? this.rpId),
      Buffer.from([this.flags(overrides.userVerified ?? true, false)]),
      counter
    ])
    const clientDataJSON = this.clientData("webauthn.get", options.challenge)
    const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey)
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: credential.userHandle
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform"
    }
  }
}
