/** Organizers adapters: the PDF renderer (pdf-lib). */
export * from "./pdf-renderer.pdf-lib.js"
