/**
 * Demo accounts for a first sign-in in development: an admin (every permission), an athlete and an
 * approved organizer, on fixed phone numbers so the printed instructions never change. Idempotent:
 * an account already on its phone is kept as it is. Used by `pnpm cli seed` and, while the HTTP host
 * holds the embedded database, by the host's development-only seed route the CLI then calls.
 */
import { Accounts, Organizers } from "@podium/core"
import { Effect, Option } from "effect"

export const DemoPhones = {
  admin: "+919000000001",
  athlete: "+919000000002",
  organizer: "+919000000003"
} as const

export type DemoRole = keyof typeof DemoPhones

export interface DemoAccount {
  readonly role: DemoRole
  readonly id: string
  readonly phoneNumber: string
  /** False when the account was already there. */
  readonly created: boolean
}

/** Creates the three demo accounts that are missing and answers all three. */
export const seedDemoAccounts: Effect.Effect<
  ReadonlyArray<DemoAccount>,
  Accounts.AccountConflict | Organizers.OrganizerConflict,
  Accounts.AdminRepo | Accounts.UserRepo | Organizers.OrganizerRepo
> = Effect.gen(function*() {
  const admins = yield* Accounts.AdminRepo
  const users = yield* Accounts.UserRepo
  const organizers = yield* Organizers.OrganizerRepo
  const admin = yield* Effect.flatMap(admins.findByPhone(DemoPhones.admin), Option.match({
    onSome: (a) => Effect.succeed({ id: a.id, created: false }),
    onNone: () =>
      Effect.map(
        Accounts.createAdmin({ phoneNumber: DemoPhones.admin, email: "admin@demo.podium.test", firstName: "Demo", lastName: "Admin" }),
        (a) => ({ id: a.id, created: true })
      )
  }))
  const athlete = yield* Effect.flatMap(users.findByPhone(DemoPhones.athlete), Option.match({
    onSome: (u) => Effect.succeed({ id: u.id, created: false }),
    onNone: () =>
      Effect.map(
        users.create({ phoneNumber: DemoPhones.athlete, email: "athlete@demo.podium.test", firstName: "Demo", lastName: "Athlete" }),
        (u) => ({ id: u.id, created: true })
      )
  }))
  const organizer = yield* Effect.flatMap(organizers.findByPhone(DemoPhones.organizer), Option.match({
    onSome: (o) => Effect.succeed({ id: o.id, created: false }),
    onNone: () =>
      Effect.map(
        organizers.create(
          { name: "Demo Organizer", phoneNumber: DemoPhones.organizer, email: "organizer@demo.podium.test", companyName: "Demo Events", approvalStatus: "APPROVED" },
          { phoneNumber: DemoPhones.organizer, email: "organizer@demo.podium.test", userId: null }
        ),
        (o) => ({ id: o.id, created: true })
      )
  }))
  return [
    { role: "admin", phoneNumber: DemoPhones.admin, ...admin },
    { role: "athlete", phoneNumber: DemoPhones.athlete, ...athlete },
    { role: "organizer", phoneNumber: DemoPhones.organizer, ...organizer }
  ]
})

const SignIn: Record<DemoRole, { readonly send: string; readonly role: string }> = {
  admin: { send: "/v2/admins/send-otp", role: "admin" },
  athlete: { send: "/v2/auth/send-otp", role: "user" },
  organizer: { send: "/v2/organizers/send-otp", role: "organizer" }
}

/** How to sign in as each demo account against `baseUrl` (curl, codes from the development inbox). */
export const demoSignInGuide = (accounts: ReadonlyArray<DemoAccount>, baseUrl: string): string =>
  [
    ...accounts.map((a) => `${a.role.padEnd(9)} ${a.phoneNumber}  ${a.id}  ${a.created ? "created" : "already there"}`),
    "",
    "Sign in (development: codes are recorded, not sent; read them from the development inbox):",
    ...accounts.flatMap((a) => {
      const { role, send } = SignIn[a.role]
      const phone = a.phoneNumber
      return [
        "",
        `  # as the demo ${a.role}`,
        `  curl -s -X POST ${baseUrl}${send} -H 'content-type: application/json' -d '{"phoneNumber":"${phone}"}'`,
        `  curl -s '${baseUrl}/v2/dev/inbox?to=%2B${phone.slice(1)}'   # data[0].code is the code`,
        `  curl -s -X POST ${baseUrl}/v2/auth/verify-otp -H 'content-type: application/json' -d '{"phoneNumber":"${phone}","otp":"<code>","role":"${role}"}'`
      ]
    })
  ].join("\n")
