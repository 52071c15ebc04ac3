/**
 * BlobStore on the local disk under `<DATA_DIR>/blobs` (the default). Keys are checked to be safe
 * relative paths; the content type is kept in a sidecar `.type` file.
 */
import { Media } from "@podium/core"
import { Effect, Layer, Option } from "effect"
import { mkdir, readFile, rm, writeFile } from "node:fs/promises"
import { dirname, join, resolve, sep } from "node:path"

export const BlobStoreLocal = (dataDir: string): Layer.Layer<Media.BlobStore> => {
  const root = resolve(dataDir, "blobs")
  const pathOf = (key: string) => {
    if (!Media.isSafeBlobKey(key)) return undefined
    const path = resolve(root, key)
    return path.startsWith(root + sep) ? path : undefined
  }
  return Layer.succeed(Media.BlobStore, Media.BlobStore.of({
    kind: "local",
    put: (key, bytes, contentType) =>
      Effect.promise(async () => {
        const path = pathOf(key)
        if (path === undefined) throw new Error(`unsafe blob key ${key}`)
        await mkdir(dirname(path), { recursive: true })
        await writeFile(path, bytes)
        await writeFile(`${path}.type`, contentType)
      }),
    get: (key) =>
      Effect.promise(async () => {
        const path = pathOf(key)
        if (path === undefined) return Option.none()
        try {
          const [bytes, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, "utf8")])
          return Option.some({ bytes: new Uint8Array(bytes), contentType })
        } catch {
          return Option.none()
        }
      }),
    remove: (key) =>
      Effect.promise(async () => {
        const path = pathOf(key)
        if (path === undefined) return
        await rm(path, { force: true })
        await rm(`${path}.type`, { force: true })
      })
  }))
}

/** Where the local store keeps files, for the start-up summary. */
export const localBlobRoot = (dataDir: string) => join(resolve(dataDir), "blobs")
