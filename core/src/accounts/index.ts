/** Context "accounts": athletes, admins, crew members, organizer team members (sign-in view). */
export * from "./account.model.js"
export * from "./account.port.js"
export * from "./admin.use-case.js"
export * from "./admin-permission.model.js"
export * from "./admin-accounts.port.js"
export * from "./admin-accounts.use-case.js"
