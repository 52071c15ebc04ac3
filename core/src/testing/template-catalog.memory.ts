/**
 * Memory twin of TemplateCatalogRepo (for hosts and tests without a database). It keeps its own
 * versions: unlike the Postgres adapter it does not feed the memory TemplateRepo that delivery reads.
 */
import { DateTime, Effect, Layer, Option } from "effect"
import type { Channel } from "../notifications/channels.port.js"
import {
  type CatalogTemplate,
  TemplateKeyTaken,
  type TemplateVersion,
  TemplateVersionNotFound
} from "../notifications/template-catalog.model.js"
import { TemplateCatalogRepo } from "../notifications/template-catalog.port.js"

type Meta = Omit<CatalogTemplate, "activeVersion" | "latestVersion" | "shownVersion" | "subject" | "body" | "variables">

export const makeTemplateCatalogMemory = () => {
  const metas: Array<Meta> = []
  const versions = new Map<string, Array<TemplateVersion>>()
  const view = (m: Meta): CatalogTemplate => {
    const vs = versions.get(m.id) ?? []
    const active = vs.filter((v) => v.active).sort((a, b) => b.version - a.version)[0]
    const latest = vs.reduce((max, v) => Math.max(max, v.version), 0)
    const shown = active ?? vs.find((v) => v.version === latest)!
    return {
      ...m,
      activeVersion: active?.version ?? null,
      latestVersion: latest,
      shownVersion: shown.version,
      subject: shown.subject,
      body: shown.body,
      variables: shown.variables
    }
  }
  const find = (channel: Channel, id: string) => metas.find((m) => m.channel === channel && m.id === id)
  const activateOnly = (id: string, version: number) =>
    versions.set(id, (versions.get(id) ?? []).map((v) => ({ ...v, active: v.version === version })))
  return TemplateCatalogRepo.of({
    create: (input) =>
      Effect.suspend(() => {
        if (metas.some((m) => m.channel === input.channel && m.key === input.key)) return Effect.fail(new TemplateKeyTaken({ key: input.key }))
        const now = DateTime.unsafeNow()
        const { body, subject, variables, ...rest } = input
        const meta: Meta = { ...rest, id: globalThis.crypto.randomUUID(), createdAt: now, updatedAt: now }
        metas.push(meta)
        versions.set(meta.id, [{ version: 1, active: true, subject, body, variables, createdAt: now }])
        return Effect.succeed(view(meta))
      }),
    list: (channel, filter) =>
      Effect.sync(() => {
        const search = filter.search?.toLowerCase()
        const all = metas
          .filter((m) => m.channel === channel)
          .filter((m) => search === undefined || m.key.toLowerCase().includes(search) || m.name.toLowerCase().includes(search))
          .filter((m) => filter.category === undefined || m.category === filter.category)
          .filter((m) => filter.visibility === undefined || m.visibility === filter.visibility)
          .reverse()
        return { items: all.slice((filter.page - 1) * filter.limit, filter.page * filter.limit).map(view), total: all.length }
      }),
    get: (channel, id) => Effect.sync(() => Option.map(Option.fromNullable(find(channel, id)), view)),
    findByKey: (channel, key) =>
      Effect.sync(() => Option.map(Option.fromNullable(metas.find((m) => m.channel === channel && m.key === key)), view)),
    versions: (channel, id) =>
      Effect.sync(() =>
        Option.map(Option.fromNullable(find(channel, id)), (m) => [...(versions.get(m.id) ?? [])].sort((a, b) => b.version - a.version))
      ),
    update: (channel, id, change) =>
      Effect.suspend(() => {
        const index = metas.findIndex((m) => m.channel === channel && m.id === id)
        if (index < 0) return Effect.succeed(Option.none())
        const vs = versions.get(id) ?? []
        if (change.activeVersion !== undefined && !vs.some((v) => v.version === change.activeVersion)) {
          return Effect.fail(new TemplateVersionNotFound({ id, version: change.activeVersion }))
        }
        const defined = Object.fromEntries(Object.entries(change.patch).filter(([, v]) => v !== undefined))
        metas[index] = { ...metas[index]!, ...defined, updatedAt: DateTime.unsafeNow() }
        if (change.content !== undefined) {
          const version = vs.reduce((max, v) => Math.max(max, v.version), 0) + 1
          versions.set(id, [...vs, { ...change.content, version, active: false, createdAt: DateTime.unsafeNow() }])
          if (change.activate === true) activateOnly(id, version)
        }
        if (change.activeVersion !== undefined) activateOnly(id, change.activeVersion)
        return Effect.succeed(Option.some(view(metas[index]!)))
      }),
    delete: (channel, id) =>
      Effect.sync(() => {
        const index = metas.findIndex((m) => m.channel === channel && m.id === id)
        if (index < 0) return false
        metas.splice(index, 1)
        versions.delete(id)
        return true
      })
  })
}

export const TemplateCatalogMemory: Layer.Layer<TemplateCatalogRepo> = Layer.sync(TemplateCatalogRepo, makeTemplateCatalogMemory)
