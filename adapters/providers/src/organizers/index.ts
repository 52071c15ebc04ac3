/** Organizers adapters: the PDF renderer (pdf-lib). */
export * from "./pdf-renderer.pdf-lib.js"
export * from "./shipping.local.js"
export * from "./shipping.shiprocket.js"
