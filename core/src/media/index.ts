/** Context "media": blob storage, upload type/size rules and signed media delivery tokens. */
export * from "./blob-store.port.js"
export * from "./file-type.model.js"
export * from "./media-token.model.js"
export * from "./stored-file.js"
export * from "./video-upload.port.js"
export * from "./video-upload.use-case.js"
