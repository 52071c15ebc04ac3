/** Context "hybrid-race": an athlete's attempt at a hybrid race, its checkpoints in course order, finish and submit; live positions, results, certificates and edge cases. */
export * from "./hybrid-race.model.js"
export * from "./hybrid-race.port.js"
export * from "./hybrid-race.use-case.js"
export * from "./edge-cases.model.js"
export * from "./edge-cases.use-case.js"
export * from "./live.use-case.js"
export * from "./results.use-case.js"
