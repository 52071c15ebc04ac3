/** What every host shares: configuration, logging and the choice of infrastructure layers. */
export * from "./config.js"
