/**
 * In-memory twins of the second-factor ports with the Postgres adapters' semantics (conditional
 * step and counter updates, single-use recovery codes). SecretBoxMemory only checks the context
 * and is NOT encryption; the hosts use the node adapters.
 */
import { Effect, Layer, Option } from "effect"
import { SecretBox } from "../identity/crypto.port.js"
import type { AccountRef } from "../identity/principal.model.js"
import { PasskeyAlreadyRegistered } from "../identity/second-factor.errors.js"
import { type Passkey, PasskeyRepo, TotpRepo, type TotpState } from "../identity/second-factor.port.js"

const keyOf = (a: AccountRef) => `${a.kind}:${a.id}`

interface Factor {
  secretSealed: string | null
  pendingSecretSealed: string | null
  enabledAt: Date | null
  lastUsedStep: number | null
}

export const makeTotpRepoMemory = (): TotpRepo["Type"] => {
  const factors = new Map<string, Factor>()
  const codes = new Map<string, Map<string, Date | null>>()
  const required = new Map<string, Date>()
  const stateOf = (account: AccountRef): Option.Option<TotpState> => {
    const f = factors.get(keyOf(account))
    if (f === undefined) return Option.none()
    const remaining = [...(codes.get(keyOf(account))?.values() ?? [])].filter((used) => used === null).length
    return Option.some({ account, ...f, recoveryCodesRemaining: remaining })
  }
  return TotpRepo.of({
    find: (account) => Effect.sync(() => stateOf(account)),
    savePending: (account, pending, hashes) =>
      Effect.sync(() => {
        const f = factors.get(keyOf(account))
        if (f?.enabledAt != null) return false
        factors.set(keyOf(account), { secretSealed: null, pendingSecretSealed: pending, enabledAt: null, lastUsedStep: null })
        codes.set(keyOf(account), new Map(hashes.map((h) => [h, null])))
        return true
      }),
    enable: (account, pending, step, at) =>
      Effect.sync(() => {
        const f = factors.get(keyOf(account))
        if (f === undefined || f.enabledAt !== null || f.pendingSecretSealed !== pending) return Option.none()
        factors.set(keyOf(account), { secretSealed: pending, pendingSecretSealed: null, enabledAt: at, lastUsedStep: step })
        return Option.some(at)
      }),
    useStep: (account, step) =>
      Effect.sync(() => {
        const f = factors.get(keyOf(account))
        if (f === undefined || f.enabledAt === null || (f.lastUsedStep !== null && f.lastUsedStep >= step)) return false
        f.lastUsedStep = step
        return true
      }),
    useRecoveryCode: (account, hash, at) =>
      Effect.sync(() => {
        const set = codes.get(keyOf(account))
        if (factors.get(keyOf(account))?.enabledAt == null || set === undefined || set.get(hash) !== null) return false
        set.set(hash, at)
        return true
      }),
    clear: (account) =>
      Effect.sync(() => {
        codes.delete(keyOf(account))
        return factors.delete(keyOf(account))
      }),
    setAdminRequired: (adminId, at) =>
      Effect.sync(() => {
        if (at === null) required.delete(adminId)
        else if (!required.has(adminId)) required.set(adminId, at)
        return Option.some(required.get(adminId) ?? null)
      }),
    adminRequiredAt: (adminId) => Effect.sync(() => Option.fromNullable(required.get(adminId)))
  })
}
export const TotpRepoMemory: Layer.Layer<TotpRepo> = Layer.sync(TotpRepo, makeTotpRepoMemory)

export const makePasskeyRepoMemory = (): PasskeyRepo["Type"] => {
  const rows = new Map<string, Passkey>()
  return PasskeyRepo.of({
    add: (passkey) =>
      [...rows.values()].some((p) => p.credentialId === passkey.credentialId)
        ? Effect.fail(new PasskeyAlreadyRegistered())
        : Effect.sync(() => void rows.set(passkey.id, passkey)),
    listByAccount: (account) =>
      Effect.sync(() =>
        [...rows.values()]
          .filter((p) => keyOf(p.account) === keyOf(account))
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      ),
    findByCredentialId: (credentialId) => Effect.sync(() => Option.fromNullable([...rows.values()].find((p) => p.credentialId === credentialId))),
    useCounter: (id, expected, next, at) =>
      Effect.sync(() => {
        const p = rows.get(id)
        if (p === undefined || p.counter !== expected || !(next > expected || (next === 0 && expected === 0))) return false
        rows.set(id, { ...p, counter: next, lastUsedAt: at })
        return true
      }),
    remove: (account, id) =>
      Effect.sync(() => {
        const p = rows.get(id)
        return p !== undefined && keyOf(p.account) === keyOf(account) && rows.delete(id)
      })
  })
}
export const PasskeyRepoMemory: Layer.Layer<PasskeyRepo> = Layer.sync(PasskeyRepo, makePasskeyRepoMemory)

/** Not encryption: `mem:<context>:<plaintext>`, refusing another context (tests only). */
export const SecretBoxMemory: Layer.Layer<SecretBox> = Layer.succeed(SecretBox, SecretBox.of({
  seal: (plaintext, context) => Effect.succeed(`mem:${encodeURIComponent(context)}:${plaintext}`),
  open: (sealed, context) => {
    const prefix = `mem:${encodeURIComponent(context)}:`
    return sealed.startsWith(prefix) ? Effect.succeed(sealed.slice(prefix.length)) : Effect.die(new Error("sealed for another context"))
  }
}))

/** The second-factor repositories and the secret box in memory. */
export const SecondFactorPortsMemory = Layer.mergeAll(TotpRepoMemory, PasskeyRepoMemory, SecretBoxMemory)
