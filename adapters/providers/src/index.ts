/** @podium/providers — adapters of provider ports: crypto and tokens (node:crypto, jose), delivery providers. */
export * from "./identity/crypto.node.js"
export * from "./identity/access-tokens.jose.js"
export * from "./notifications/index.js"
