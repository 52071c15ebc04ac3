/** Production bundle of this host: `pnpm build` → `dist/main.js` (see scripts/tsup-host.ts). */
import { defineConfig } from "tsup"
import { hostBundle } from "../../scripts/tsup-host.js"

export default defineConfig(hostBundle())
