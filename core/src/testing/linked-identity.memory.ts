/**
 * In-memory twins of the linked-identity and e-mail-verification repositories, and an
 * IdentityProviders twin where no provider is configured. The memory LinkedIdentityRepo removes
 * linked identities only: clearing an athlete's phone or e-mail lives in accounts.users (Postgres).
 */
import { Clock, Effect, Layer, Option } from "effect"
import { IdentityNotFound, IdentityProviderNotConfigured, type IdentityRemovalRefused } from "../identity/identity-provider.errors.js"
import { IdentityProviderIds, IdentityProviders } from "../identity/identity-provider.port.js"
import { EmailVerificationRepo, type LinkedIdentity, LinkedIdentityRepo, type TokenConsumption } from "../identity/linked-identity.port.js"
import type { AccountRef } from "../identity/principal.model.js"

const sameAccount = (link: LinkedIdentity, account: AccountRef) => link.accountKind === account.kind && link.accountId === account.id

export const makeLinkedIdentityRepoMemory = (): LinkedIdentityRepo["Type"] => {
  const links: Array<LinkedIdentity> = []
  return LinkedIdentityRepo.of({
    findBySubject: (provider, subject) => Effect.sync(() => Option.fromNullable(links.find((l) => l.provider === provider && l.subject === subject))),
    listByAccount: (account) => Effect.sync(() => links.filter((l) => sameAccount(l, account))),
    link: (input) =>
      Effect.map(Clock.currentTimeMillis, (ms) => {
        const existing = links.find((l) => l.provider === input.provider && l.subject === input.subject)
        if (existing !== undefined) return existing
        const link: LinkedIdentity = {
          id: globalThis.crypto.randomUUID(),
          accountKind: input.account.kind,
          accountId: input.account.id,
          provider: input.provider,
          subject: input.subject,
          email: input.email,
          createdAt: new Date(ms)
        }
        links.push(link)
        return link
      }),
    remove: (input) =>
      Effect.suspend((): Effect.Effect<void, IdentityNotFound | IdentityRemovalRefused> => {
        if (input.target._tag !== "Link") return Effect.dieMessage("The memory LinkedIdentityRepo cannot clear an athlete's phone or e-mail")
        const id = input.target.id
        const index = links.findIndex((l) => l.id === id && sameAccount(l, input.account))
        if (index < 0) return Effect.fail(new IdentityNotFound({ id }))
        const refusal = input.refuse({ ...input.contacts, links: links.filter((l) => sameAccount(l, input.account)).length })
        if (Option.isSome(refusal)) return Effect.fail(refusal.value)
        links.splice(index, 1)
        return Effect.void
      })
  })
}

export const makeEmailVerificationRepoMemory = (): EmailVerificationRepo["Type"] => {
  const verified = new Set<string>()
  const tokens = new Map<string, { account: AccountRef; email: string; expiresAt: Date; usedAt: Date | null }>()
  const key = (account: AccountRef, email: string) => `${account.kind}:${account.id}:${email}`
  return EmailVerificationRepo.of({
    isVerified: (account, email) => Effect.sync(() => verified.has(key(account, email))),
    markVerified: (account, email) => Effect.sync(() => void verified.add(key(account, email))),
    createToken: (input) => Effect.sync(() => void tokens.set(input.id, { account: input.account, email: input.email, expiresAt: input.expiresAt, usedAt: null })),
    consumeToken: (id, at) =>
      Effect.sync((): TokenConsumption => {
        const row = tokens.get(id)
        if (row === undefined) return { _tag: "Unknown" }
        if (row.usedAt !== null) return { _tag: "Used" }
        if (row.expiresAt.getTime() <= at.getTime()) return { _tag: "Expired" }
        row.usedAt = at
        return { _tag: "Consumed", account: row.account, email: row.email }
      })
  })
}

export const LinkedIdentityRepoMemory: Layer.Layer<LinkedIdentityRepo> = Layer.sync(LinkedIdentityRepo, makeLinkedIdentityRepoMemory)
export const EmailVerificationRepoMemory: Layer.Layer<EmailVerificationRepo> = Layer.sync(EmailVerificationRepo, makeEmailVerificationRepoMemory)

/** No identity provider configured: status shows both unconfigured, every call fails. */
export const IdentityProvidersUnconfigured: Layer.Layer<IdentityProviders> = Layer.succeed(IdentityProviders, IdentityProviders.of({
  status: IdentityProviderIds.map((provider) => ({ provider, configured: false, webFlow: false, clientIds: [], redirectUri: null })),
  verifyIdToken: (provider) => Effect.fail(new IdentityProviderNotConfigured({ provider, part: "provider" })),
  exchangeCode: (provider) => Effect.fail(new IdentityProviderNotConfigured({ provider, part: "provider" }))
}))

/** The twins of this file together. */
export const LinkedIdentityPortsMemory = Layer.mergeAll(LinkedIdentityRepoMemory, EmailVerificationRepoMemory, IdentityProvidersUnconfigured)
