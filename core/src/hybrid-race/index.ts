/** Context "hybrid-race": an athlete's attempt at a hybrid race, its checkpoints in course order, finish and submit. */
export * from "./hybrid-race.model.js"
export * from "./hybrid-race.port.js"
export * from "./hybrid-race.use-case.js"
