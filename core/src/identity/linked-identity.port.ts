/**
 * Identities linked to accounts (provider + subject → account) and e-mail verification state
 * (Postgres: identity.linked_identities, identity.verified_emails, identity.email_verification_tokens).
 */
import { Context, type Effect, type Option, Schema } from "effect"
import type { IdentityNotFound, IdentityRemovalRefused } from "./identity-provider.errors.js"
import { type IdentityProviderId, IdentityProviderIds } from "./identity-provider.port.js"
import { AccountKind, type AccountRef } from "./principal.model.js"

/** One provider identity linked to an account; a provider subject links to exactly one account. */
export const LinkedIdentity = Schema.Struct({
  id: Schema.String,
  accountKind: AccountKind,
  accountId: Schema.String,
  provider: Schema.Literal(...IdentityProviderIds),
  subject: Schema.String,
  email: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromSelf
})
export interface LinkedIdentity extends Schema.Schema.Type<typeof LinkedIdentity> {}

/** What a removal targets: a linked identity by id, or the account's own phone number or e-mail address. */
export type MethodTarget =
  | { readonly _tag: "Link"; readonly id: string }
  | { readonly _tag: "Phone" }
  | { readonly _tag: "Email" }

/** The sign-in methods an account has at one moment. */
export interface AccountMethods {
  readonly phone: boolean
  readonly email: boolean
  readonly links: number
}

/** Provider identities linked to accounts. */
export class LinkedIdentityRepo extends Context.Tag("@podium/core/identity/LinkedIdentityRepo")<LinkedIdentityRepo, {
  readonly findBySubject: (provider: IdentityProviderId, subject: string) => Effect.Effect<Option.Option<LinkedIdentity>>
  /** The account's links, oldest first. */
  readonly listByAccount: (account: AccountRef) => Effect.Effect<ReadonlyArray<LinkedIdentity>>
  /** Links the subject unless it is linked already; returns the stored link (this one or the earlier one). */
  readonly link: (input: {
    readonly account: AccountRef
    readonly provider: IdentityProviderId
    readonly subject: string
    readonly email: string | null
  }) => Effect.Effect<LinkedIdentity>
  /**
   * Removes a method atomically per account: reads the account's methods (an athlete's phone and
   * e-mail from its row; `contacts` for other kinds, whose contacts are not removable here), asks
   * `refuse`, and only then deletes the link or clears the athlete's phone/e-mail. Concurrent
   * removals of one account are serialised, so two of them cannot both pass the check.
   */
  readonly remove: (input: {
    readonly account: AccountRef
    readonly target: MethodTarget
    readonly contacts: { readonly phone: boolean; readonly email: boolean }
    readonly refuse: (methods: AccountMethods) => Option.Option<IdentityRemovalRefused>
  }) => Effect.Effect<void, IdentityNotFound | IdentityRemovalRefused>
}>() {}

/** How a verification token fared when consumed. */
export type TokenConsumption =
  | { readonly _tag: "Consumed"; readonly account: AccountRef; readonly email: string }
  | { readonly _tag: "Unknown" }
  | { readonly _tag: "Used" }
  | { readonly _tag: "Expired" }

/** Verified e-mail addresses and the single-use tokens of verification links. */
export class EmailVerificationRepo extends Context.Tag("@podium/core/identity/EmailVerificationRepo")<EmailVerificationRepo, {
  readonly isVerified: (account: AccountRef, email: string) => Effect.Effect<boolean>
  /** Records the address as verified for the account (idempotent). */
  readonly markVerified: (account: AccountRef, email: string, at: Date) => Effect.Effect<void>
  readonly createToken: (input: {
    readonly id: string
    readonly account: AccountRef
    readonly email: string
    readonly expiresAt: Date
  }) => Effect.Effect<void>
  /** Marks the token used if it is unused and unexpired at `at`; of two concurrent consumers one wins. */
  readonly consumeToken: (id: string, at: Date) => Effect.Effect<TokenConsumption>
}>() {}
