/** Context "wallets": the platform's double-entry ledger and the creator wallets built on it. */
export * from "./ledger.model.js"
export * from "./ledger.port.js"
export * from "./creator-wallet.model.js"
export * from "./creator-wallet.policy.js"
export * from "./wallets.use-case.js"
