/** Content: app FAQs, FAQs, privacy policies, terms and conditions, community guidelines, KB articles. */
export * from "./content.model.js"
export * from "./content.port.js"
export * from "./content.use-case.js"
