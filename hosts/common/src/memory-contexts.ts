/**
 * Every context on memory twins, read from the context list: what an HTTP host needs besides its
 * configuration and health probes when no database is wanted (tests of the pipeline, docs and
 * health routes).
 */
import type { Platform } from "@podium/core"
import { Layer } from "effect"
import type { AppConfigShape } from "./config.js"
import { type ContextServices, HostContexts } from "./contexts.js"
import type { AnyHostContext } from "./host-context.js"

/** The contexts' services plus the base ports their memory twins bring (job queue, Redis twins). */
export type ContextsMemory = ContextServices | Platform.JobQueue | Platform.RedisPorts

export const contextsMemory = (config: AppConfigShape): Layer.Layer<ContextsMemory> => {
  // biome-ignore lint/suspicious/noExplicitAny: the fold's intermediate types are the declared result
  let layer = Layer.empty as unknown as Layer.Layer<any>
  for (const context of HostContexts as ReadonlyArray<AnyHostContext>) layer = context.memory(config).pipe(Layer.provideMerge(layer))
  return layer as Layer.Layer<ContextsMemory>
}
