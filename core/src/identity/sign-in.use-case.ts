/**
 * Sign-in by one-time code: phone (athletes, organizers, admins), e-mail (athletes, organizers) and
 * crew codes. The code is checked first, then the account is resolved, so a caller without the code
 * learns nothing about which accounts exist. Only athletes are ever created here.
 */
import { Effect, Option } from "effect"
import type { Admin, CrewMember, OrganizerMember, User } from "../accounts/account.model.js"
import { AdminRepo, CrewMemberRepo, OrganizerMemberRepo, UserRepo } from "../accounts/account.port.js"
import { AccountNotFound, PhoneAlreadyBound } from "./identity.errors.js"
import { consumeOtp, issueOtp, type OtpMessage } from "./otp.use-case.js"
import type { AccountKind, LoginRole, Principal } from "./principal.model.js"
import { completeSignIn } from "./second-factor.use-case.js"
import { startSession } from "./session.use-case.js"

/**
 * The shared end of every sign-in that may need a second factor (second-factor.use-case.ts): the
 * session starts, or a `{secondFactor, mfaToken}` step is answered instead of tokens.
 */
export { completeSignIn }

/** Who an account is, as sign-in and token verification answer it. */
export interface AccountProfile {
  readonly kind: AccountKind
  readonly id: string
  readonly phoneNumber: string | null
  readonly email: string | null
  readonly firstName: string | null
  readonly lastName: string | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

const splitName = (name: string | null) => {
  if (name === null) return { firstName: null, lastName: null }
  const [first, ...rest] = name.trim().split(/\s+/)
  return { firstName: first ?? null, lastName: rest.length > 0 ? rest.join(" ") : null }
}

const ofUser = (u: User): AccountProfile => ({ kind: "user", ...u })
const ofAdmin = (a: Admin): AccountProfile => ({
  kind: "admin",
  id: a.id,
  phoneNumber: a.phoneNumber,
  email: a.email,
  firstName: a.firstName,
  lastName: a.lastName,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt
})
const ofMember = (m: OrganizerMember): AccountProfile => ({
  kind: "organizer",
  id: m.id,
  phoneNumber: m.phoneNumber,
  email: m.email,
  firstName: null,
  lastName: null,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt
})
const ofCrew = (c: CrewMember): AccountProfile => ({
  kind: "crew",
  id: c.id,
  phoneNumber: c.phoneNumber,
  email: c.email,
  ...splitName(c.name),
  createdAt: c.createdAt,
  updatedAt: c.updatedAt
})

const smsMessage = (template: string, who: string): OtpMessage => ({
  template,
  render: (code, minutes) => ({
    subject: "",
    text: `${code} is your Podium ${who}verification code. It expires in ${minutes} minutes. Do not share it.`
  })
})

const emailMessage = (template: string, brand: string): OtpMessage => ({
  template,
  render: (code, minutes) => ({
    subject: `${brand} sign-in code: ${code}`,
    text: `Your ${brand} sign-in code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.`
  })
})

/** Who asked for a phone code, which decides the message and whether a code is sent at all. */
export type PhoneOtpAudience = "user" | "organizer" | "admin"

/**
 * Sends a phone sign-in code. For `user` a code always goes out (verify creates the athlete); for
 * `organizer` and `admin` only when such an account exists, while the answer stays the same.
 */
export const sendPhoneOtp = Effect.fn("identity.signIn.sendPhoneOtp")(function*(input: {
  readonly phoneNumber: string
  readonly audience: PhoneOtpAudience
  readonly ip: string | undefined
}) {
  const deliver = input.audience === "user"
    ? true
    : input.audience === "admin"
    ? Option.isSome(yield* Effect.flatMap(AdminRepo, (r) => r.findByPhone(input.phoneNumber)))
    : (yield* Effect.flatMap(OrganizerMemberRepo, (r) => r.findActiveByPhone(input.phoneNumber))).length > 0
  yield* issueOtp({
    kind: "phone",
    identifier: input.phoneNumber,
    ip: input.ip,
    deliver,
    message: smsMessage(`auth.otp.${input.audience}`, input.audience === "user" ? "" : `${input.audience} `)
  })
})

const resolveByPhone = (phoneNumber: string, role: LoginRole) =>
  Effect.gen(function*() {
    switch (role) {
      case "user":
        return ofUser(yield* Effect.flatMap(UserRepo, (r) => r.findOrCreateByPhone(phoneNumber)))
      case "admin": {
        const admin = yield* Effect.flatMap(AdminRepo, (r) => r.findByPhone(phoneNumber))
        if (Option.isNone(admin) || admin.value.status !== "ACTIVE") return yield* new AccountNotFound({ kind: "admin" })
        return ofAdmin(admin.value)
      }
      case "organizer": {
        const members = yield* Effect.flatMap(OrganizerMemberRepo, (r) => r.findActiveByPhone(phoneNumber))
        if (members[0] === undefined) return yield* new AccountNotFound({ kind: "organizer" })
        return ofMember(members[0])
      }
    }
  })

interface ClientInfo {
  readonly userAgent?: string | undefined
  readonly ip?: string | undefined
}

const open = (profile: AccountProfile, client: ClientInfo) =>
  startSession({ account: { kind: profile.kind, id: profile.id }, role: profile.kind, ...client }).pipe(
    Effect.map((started) => ({ profile, accessToken: started.accessToken, refreshToken: started.refreshToken, sessionId: started.session.id }))
  )

/**
 * Phone sign-in: checks the code, resolves (or, for athletes, creates) the account, starts a session
 * (or answers the second-factor step that is due: see completeSignIn).
 */
export const signInWithPhoneOtp = Effect.fn("identity.signIn.phone")(function*(input: {
  readonly phoneNumber: string
  readonly otp: string
  readonly role: LoginRole
} & ClientInfo) {
  yield* consumeOtp({ kind: "phone", identifier: input.phoneNumber, code: input.otp })
  const profile = yield* resolveByPhone(input.phoneNumber, input.role)
  return yield* completeSignIn(profile, input)
})

/** Which template an e-mail code uses and which accounts it may sign in to. */
export type EmailOtpRole = "user" | "organizer"

/** Sends an e-mail sign-in code; never creates an account. Organizer codes use the organizer-branded template. */
export const sendEmailOtp = Effect.fn("identity.signIn.sendEmailOtp")(function*(input: {
  readonly email: string
  readonly role: EmailOtpRole
  readonly ip: string | undefined
}) {
  const deliver = input.role === "user"
    ? true
    : (yield* Effect.flatMap(OrganizerMemberRepo, (r) => r.findActiveByEmail(input.email))).length > 0
  yield* issueOtp({
    kind: "email",
    identifier: input.email,
    ip: input.ip,
    deliver,
    message: input.role === "organizer"
      ? emailMessage("auth.email-otp.organizer", "Podium Organizer")
      : emailMessage("auth.email-otp.user", "Podium")
  })
})

/**
 * E-mail sign-in: `user` signs in to the athlete with that address, creating one when the address is
 * unknown (the code proved the address); `organizer` resolves an active team member, never creates.
 */
export const signInWithEmailOtp = Effect.fn("identity.signIn.email")(function*(input: {
  readonly email: string
  readonly otp: string
  readonly role: EmailOtpRole
} & ClientInfo) {
  yield* consumeOtp({ kind: "email", identifier: input.email, code: input.otp })
  let profile: AccountProfile
  if (input.role === "user") {
    profile = ofUser(yield* Effect.flatMap(UserRepo, (r) => r.findOrCreateByEmail(input.email)))
  } else {
    const members = yield* Effect.flatMap(OrganizerMemberRepo, (r) => r.findActiveByEmail(input.email))
    if (members[0] === undefined) return yield* new AccountNotFound({ kind: "organizer" })
    profile = ofMember(members[0])
  }
  return yield* completeSignIn(profile, input)
})

/** Crew codes (SMS or e-mail, 4 digits): sent only to known active crew, same answer otherwise. */
export const sendCrewOtp = Effect.fn("identity.signIn.sendCrewOtp")(function*(input: {
  readonly channel: "phone" | "email"
  readonly identifier: string
  readonly ip: string | undefined
}) {
  const repo = yield* CrewMemberRepo
  const rows = input.channel === "phone" ? yield* repo.findActiveByPhone(input.identifier) : yield* repo.findActiveByEmail(input.identifier)
  yield* issueOtp({
    kind: input.channel === "phone" ? "crew-phone" : "crew-email",
    identifier: input.identifier,
    ip: input.ip,
    deliver: rows.length > 0,
    message: input.channel === "phone" ? smsMessage("auth.crew-otp", "crew ") : emailMessage("auth.crew-email-otp", "Podium Crew")
  })
})

/**
 * Crew sign-in: the oldest active crew row with that phone or address becomes the principal (rows
 * sharing the address are one person; the crew issue links them further).
 */
export const signInCrew = Effect.fn("identity.signIn.crew")(function*(input: {
  readonly channel: "phone" | "email"
  readonly identifier: string
  readonly otp: string
} & ClientInfo) {
  yield* consumeOtp({ kind: input.channel === "phone" ? "crew-phone" : "crew-email", identifier: input.identifier, code: input.otp })
  const repo = yield* CrewMemberRepo
  const rows = input.channel === "phone" ? yield* repo.findActiveByPhone(input.identifier) : yield* repo.findActiveByEmail(input.identifier)
  if (rows[0] === undefined) return yield* new AccountNotFound({ kind: "crew" })
  return yield* open(ofCrew(rows[0]), input)
})

/** The profile behind a principal (token verification result). */
export const describeAccount = Effect.fn("identity.accounts.describe")(function*(principal: Pick<Principal, "accountKind" | "accountId">) {
  const id = principal.accountId
  switch (principal.accountKind) {
    case "user":
      return Option.map(yield* Effect.flatMap(UserRepo, (r) => r.findById(id)), ofUser)
    case "admin":
      return Option.map(yield* Effect.flatMap(AdminRepo, (r) => r.findById(id)), ofAdmin)
    case "organizer":
      return Option.map(yield* Effect.flatMap(OrganizerMemberRepo, (r) => r.findById(id)), ofMember)
    case "crew":
      return Option.map(yield* Effect.flatMap(CrewMemberRepo, (r) => r.findById(id)), ofCrew)
    case "sponsor":
      return Option.none<AccountProfile>()
  }
})

/** Attaches a first phone number to an athlete that signed up by e-mail (code sent via /v2/auth/send-otp). */
export const bindPhone = Effect.fn("identity.signIn.bindPhone")(function*(input: {
  readonly principal: Principal
  readonly phoneNumber: string
  readonly otp: string
}) {
  if (input.principal.accountKind !== "user") return yield* new AccountNotFound({ kind: "user" })
  yield* consumeOtp({ kind: "phone", identifier: input.phoneNumber, code: input.otp })
  const bound = yield* Effect.flatMap(UserRepo, (r) => r.bindPhone(input.principal.accountId, input.phoneNumber))
  if (Option.isNone(bound)) return yield* new PhoneAlreadyBound()
  return ofUser(bound.value)
})

/** Whether an athlete with this phone number exists. */
export const phoneNumberExists = Effect.fn("identity.accounts.phoneExists")(function*(phoneNumber: string) {
  return Option.isSome(yield* Effect.flatMap(UserRepo, (r) => r.findByPhone(phoneNumber)))
})

/** Whether an athlete with this e-mail address exists. */
export const emailExists = Effect.fn("identity.accounts.emailExists")(function*(email: string) {
  return Option.isSome(yield* Effect.flatMap(UserRepo, (r) => r.findByEmail(email)))
})
