/**
 * Admin use cases of the template catalog: create and edit with the content checked against the
 * channel (declared variables = placeholders), versions, activation, preview with the substituted
 * output (missing variables fail naming each one, the same rule delivery applies).
 */
import { Effect, Either, Option } from "effect"
import type { Channel } from "./channels.port.js"
import type { Variables } from "./outbox.model.js"
import {
  type CatalogTemplate,
  CatalogTemplateNotFound,
  type CatalogTemplatePatch,
  checkTemplateContent,
  type NewCatalogTemplate,
  type TemplateContent,
  TemplateContentInvalid,
  type TemplateVersion,
  TemplateVersionNotFound
} from "./template-catalog.model.js"
import { TemplateCatalogRepo } from "./template-catalog.port.js"
import { renderTemplate } from "./template.model.js"

const checked = (channel: Channel, content: TemplateContent) => {
  const { problems } = checkTemplateContent(channel, content)
  return problems.length > 0 ? Effect.fail(new TemplateContentInvalid({ problems })) : Effect.void
}

const found = <A>(id: string) => (o: Option.Option<A>) =>
  Option.match(o, { onNone: () => Effect.fail(new CatalogTemplateNotFound({ id })), onSome: Effect.succeed })

export const createCatalogTemplate = (input: NewCatalogTemplate) =>
  Effect.gen(function*() {
    yield* checked(input.channel, input)
    return yield* (yield* TemplateCatalogRepo).create(input)
  })

export const getCatalogTemplate = (channel: Channel, id: string) =>
  Effect.flatMap(TemplateCatalogRepo, (repo) => Effect.flatMap(repo.get(channel, id), found(id)))

export const catalogTemplateVersions = (channel: Channel, id: string) =>
  Effect.gen(function*() {
    const repo = yield* TemplateCatalogRepo
    const template = yield* Effect.flatMap(repo.get(channel, id), found<CatalogTemplate>(id))
    const versions = yield* Effect.flatMap(repo.versions(channel, id), found<ReadonlyArray<TemplateVersion>>(id))
    return { template, versions }
  })

export interface CatalogTemplateEdit extends CatalogTemplatePatch {
  readonly subject?: string | null
  readonly body?: string
  readonly variables?: ReadonlyArray<string>
  /** Activate the new version (default true) when content changes. */
  readonly activate?: boolean
  /** Make this existing version the active one. */
  readonly activeVersion?: number
}

/**
 * Applies an edit: catalog fields change in place; any content field creates a new version whose
 * other content fields come from the currently shown version.
 */
export const editCatalogTemplate = (channel: Channel, id: string, edit: CatalogTemplateEdit) =>
  Effect.gen(function*() {
    const repo = yield* TemplateCatalogRepo
    const current = yield* Effect.flatMap(repo.get(channel, id), found<CatalogTemplate>(id))
    const { activate, activeVersion, body, subject, variables, ...patch } = edit
    const changesContent = body !== undefined || subject !== undefined || variables !== undefined
    const content: TemplateContent | undefined = changesContent
      ? {
        subject: subject === undefined ? current.subject : subject,
        body: body ?? current.body,
        variables: variables ?? current.variables
      }
      : undefined
    if (content !== undefined) yield* checked(channel, content)
    if (activeVersion !== undefined && content !== undefined) {
      return yield* new TemplateContentInvalid({ problems: ["activeVersion must not be given together with a content change"] })
    }
    if (activeVersion !== undefined && activeVersion > current.latestVersion) {
      return yield* new TemplateVersionNotFound({ id, version: activeVersion })
    }
    const updated = yield* repo.update(channel, id, {
      patch,
      ...(content === undefined ? {} : { content, activate: activate ?? true }),
      ...(activeVersion === undefined ? {} : { activeVersion })
    })
    return yield* found<CatalogTemplate>(id)(updated)
  })

/** Adds a version with the given content (active unless `activate` is false). */
export const addCatalogTemplateVersion = (channel: Channel, id: string, content: TemplateContent, activate: boolean) =>
  Effect.gen(function*() {
    yield* checked(channel, content)
    const repo = yield* TemplateCatalogRepo
    return yield* Effect.flatMap(repo.update(channel, id, { patch: {}, content, activate }), found<CatalogTemplate>(id))
  })

export const deleteCatalogTemplate = (channel: Channel, id: string) =>
  Effect.flatMap(TemplateCatalogRepo, (repo) =>
    Effect.flatMap(repo.delete(channel, id), (deleted) => (deleted ? Effect.void : Effect.fail(new CatalogTemplateNotFound({ id })))))

/** Substitutes `variables` into a version (default: the shown one); fails naming every missing variable. */
export const previewCatalogTemplate = (channel: Channel, id: string, variables: Variables, version?: number) =>
  Effect.gen(function*() {
    const { template, versions } = yield* catalogTemplateVersions(channel, id)
    const wanted = version ?? template.shownVersion
    const chosen = versions.find((v) => v.version === wanted)
    if (chosen === undefined) return yield* new TemplateVersionNotFound({ id, version: wanted })
    const rendered = yield* Either.match(renderTemplate({ key: template.key, ...chosen }, variables), {
      onLeft: Effect.fail,
      onRight: Effect.succeed
    })
    return { version: chosen.version, ...rendered }
  })
