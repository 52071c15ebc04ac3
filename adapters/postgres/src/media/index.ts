/** The media context on Postgres: video uploads. */
export * from "./video-upload.pg.js"
