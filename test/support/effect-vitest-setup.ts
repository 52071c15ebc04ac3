/**
 * Runs before every test file. Files share their worker's modules (isolate: false in
 * vitest.config.ts), and @effect/vitest's `layer(...)` Object.assigns its own `effect`/`scoped`
 * onto the ONE shared `it`: after a file that uses `layer`, every later file's `it.effect` would
 * run inside that file's (closed) layer without the TestClock ("testClock.adjust is not a
 * function"). Putting the default methods back here gives each file the `it` it would get alone.
 */
import { it, makeMethods } from "@effect/vitest"

makeMethods(it)
