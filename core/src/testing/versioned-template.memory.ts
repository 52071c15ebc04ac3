/**
 * The in-memory state shared by versioned template twins (declaration-form templates, GST
 * templates): versions numbered per name, exactly one active, soft deletes, and the active template
 * cannot be deleted — the same visible rules as their Postgres adapters.
 */
import { Effect, Option } from "effect"
import { nextMemoryId } from "./sequential-id.js"

export interface VersionedTemplate {
  readonly id: string
  readonly name: string
  readonly version: number
  readonly isActive: boolean
  readonly deletedAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

type Managed = "id" | "version" | "isActive" | "deletedAt" | "createdAt" | "updatedAt"

export const makeVersionedTemplates = <T extends VersionedTemplate>() => {
  const templates = new Map<string, T>()
  const live = (id: string) => {
    const t = templates.get(id)
    return t === undefined || t.deletedAt !== null ? undefined : t
  }
  const change = (id: string, patch: Partial<T>) =>
    Effect.sync(() => {
      const t = live(id)
      if (t === undefined) return Option.none<T>()
      const next = { ...t, ...patch, updatedAt: new Date() }
      templates.set(id, next)
      return Option.some(next)
    })
  return {
    /** Newest first. */
    all: () => [...templates.values()].reverse(),
    create: (input: Omit<T, Managed>) =>
      Effect.sync(() => {
        const version = Math.max(0, ...[...templates.values()].filter((t) => t.name === input.name).map((t) => t.version)) + 1
        const now = new Date()
        const t = { id: nextMemoryId(), ...input, version, isActive: false, deletedAt: null, createdAt: now, updatedAt: now } as unknown as T
        templates.set(t.id, t)
        return t
      }),
    findById: (id: string) => Effect.sync(() => Option.fromNullable(templates.get(id))),
    findActive: () => Effect.sync(() => Option.fromNullable([...templates.values()].find((t) => t.isActive && t.deletedAt === null))),
    update: change,
    activate: (id: string) =>
      Effect.suspend(() => {
        if (live(id) === undefined) return Effect.succeed(Option.none<T>())
        for (const t of templates.values()) if (t.isActive) templates.set(t.id, { ...t, isActive: false })
        return change(id, { isActive: true } as Partial<T>)
      }),
    deactivate: (id: string) => change(id, { isActive: false } as Partial<T>),
    softDelete: (id: string) =>
      Effect.sync(() => {
        const t = live(id)
        if (t === undefined) return "missing" as const
        if (t.isActive) return "active" as const
        templates.set(id, { ...t, deletedAt: new Date() })
        return "deleted" as const
      })
  }
}
