export * from "./feed-chat.local.js"
export * from "./feed-chat.stream.js"
export * from "./geocoder.js"
export * from "./ocr.js"
