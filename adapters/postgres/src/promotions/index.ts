/** The promotions context on Postgres: mobile experiences, creatives, engagement. */
export * from "./mobile-experience.pg.js"
