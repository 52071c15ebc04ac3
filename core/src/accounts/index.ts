/** Context "accounts": athletes, admins, crew members, organizer team members (sign-in view). */
export * from "./account.model.js"
export * from "./account.port.js"
export * from "./admin.use-case.js"
