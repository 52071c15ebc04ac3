/**
 * Memory twins of the admin CRUD, permission and impersonation repositories. They keep their own
 * admin records (not shared with `AdminRepoMemory`), which is enough for tests of other routes.
 */
import { Context, Effect, Layer, Option } from "effect"
import type { AdminRecord, AdminInput, AdminPatch } from "../accounts/admin-accounts.port.js"
import { AdminCrudRepo, AdminPermissionRepo } from "../accounts/admin-accounts.port.js"
import { holdsEditor, LastPermissionHolder } from "../accounts/admin-permission.model.js"
import { type Impersonation, ImpersonationConcurrentStart, isOpen } from "../identity/impersonation.model.js"
import { ImpersonationRepo } from "../identity/impersonation.port.js"
import { makeCrudRepoMemory } from "./crud.memory.js"

/** AdminCrudRepo and AdminPermissionRepo over one in-memory admin table. */
export const makeAdminAccountsMemory = () => {
  const { repo, records } = makeCrudRepoMemory<AdminRecord, AdminInput, AdminPatch>({
    resource: "admin",
    unique: ["phoneNumber", "email", "handle"],
    build: (input, id, at) => ({
      id,
      phoneNumber: input.phoneNumber,
      email: input.email ?? null,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      handle: input.handle ?? null,
      status: "ACTIVE",
      totpEnabledAt: null,
      totpRequiredAt: null,
      permissions: [],
      createdAt: at,
      updatedAt: at
    }),
    apply: (record, patch, replace, at) => ({
      ...record,
      ...(replace
        ? { email: null, firstName: null, lastName: null, handle: null }
        : {}),
      ...Object.fromEntries(Object.entries(patch as AdminPatch).filter(([, v]) => v !== undefined)),
      updatedAt: at
    })
  })
  const wouldOrphan = (id: string, next: ReadonlyArray<string> | undefined) =>
    ![...records.values()].some((a) => (a.id === id ? next !== undefined && holdsEditor(next) : holdsEditor(a.permissions)))
  const permissions = AdminPermissionRepo.of({
    get: (id) => Effect.sync(() => Option.map(Option.fromNullable(records.get(id)), (a) => a.permissions)),
    listAll: Effect.sync(() => [...records.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())),
    set: (id, next) =>
      Effect.suspend(() => {
        const admin = records.get(id)
        if (admin === undefined) return Effect.succeed(Option.none())
        if (holdsEditor(admin.permissions) && wouldOrphan(id, next)) return Effect.fail(new LastPermissionHolder())
        const updated = { ...admin, permissions: [...next], updatedAt: new Date() }
        records.set(id, updated)
        return Effect.succeed(Option.some(updated))
      }),
    deleteAdmin: (id) =>
      Effect.suspend(() => {
        const admin = records.get(id)
        if (admin === undefined) return Effect.succeed(false)
        if (holdsEditor(admin.permissions) && wouldOrphan(id, undefined)) return Effect.fail(new LastPermissionHolder())
        return Effect.succeed(records.delete(id))
      })
  })
  return { crud: repo, permissions, records }
}

export const makeImpersonationRepoMemory = (): ImpersonationRepo["Type"] => {
  const rows = new Map<string, Impersonation>()
  return ImpersonationRepo.of({
    start: (record) =>
      Effect.sync(() => {
        const ended: Array<Impersonation> = []
        for (const r of rows.values()) {
          if (r.adminId === record.adminId && r.endedAt === null) {
            const closed = { ...r, endedAt: record.startedAt, endReason: "superseded", endedBy: record.adminId }
            rows.set(r.id, closed)
            ended.push(r)
          }
        }
        rows.set(record.id, record)
        return ended
      }).pipe(Effect.catchAllDefect(() => Effect.fail(new ImpersonationConcurrentStart()))),
    findById: (id) => Effect.sync(() => Option.fromNullable(rows.get(id))),
    findOpenByAdmin: (adminId, at) => Effect.sync(() => Option.fromNullable([...rows.values()].find((r) => r.adminId === adminId && isOpen(r, at)))),
    end: (id, at, reason, endedBy) =>
      Effect.sync(() => {
        const r = rows.get(id)
        if (r === undefined || r.endedAt !== null) return Option.none()
        const next = { ...r, endedAt: at, endReason: reason, endedBy }
        rows.set(id, next)
        return Option.some(next)
      })
  })
}

/** AdminCrudRepo, AdminPermissionRepo and ImpersonationRepo in memory, fresh per build. */
export const AdminAccountsMemory: Layer.Layer<AdminCrudRepo | AdminPermissionRepo | ImpersonationRepo> = Layer.effectContext(
  Effect.sync(() => {
    const m = makeAdminAccountsMemory()
    return Context.make(AdminCrudRepo, m.crud).pipe(
      Context.add(AdminPermissionRepo, m.permissions),
      Context.add(ImpersonationRepo, makeImpersonationRepoMemory())
    )
  })
)
