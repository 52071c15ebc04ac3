/** Media adapters: blob stores (local disk, S3-compatible with SigV4). */
export * from "./blob-store.local.js"
export * from "./blob-store.s3.js"
export * from "./sigv4.js"
