/** The configuration context on Postgres: feature flags, platform flags, the flag population, app version policies and installs. */
export * from "./configuration.pg.js"
export * from "./experiments.pg.js"
