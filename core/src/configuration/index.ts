/** Context "configuration": feature flags and their audiences, platform flags and rollouts, the canonical flag catalog and inventory, app version policies. */
export * from "./app-versions.model.js"
export * from "./app-versions.port.js"
export * from "./app-versions.use-case.js"
export * from "./flags.model.js"
export * from "./flags.port.js"
export * from "./flags.use-case.js"
