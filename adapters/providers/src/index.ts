/** @podium/providers — adapters of provider ports: crypto and tokens (node:crypto, jose), delivery providers. */
export * from "./identity/crypto.node.js"
export * from "./identity/access-tokens.jose.js"
export * from "./identity/secret-box.node.js"
export * from "./identity/qr-codes.qrcode.js"
export * from "./identity/webauthn.simplewebauthn.js"
export * from "./notifications/index.js"
export * from "./media/index.js"
export * from "./identity/identity-providers.http.js"
