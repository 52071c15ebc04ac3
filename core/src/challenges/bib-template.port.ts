/** Bib templates (Postgres adapter in @podium/postgres). */
import type { BibTemplate } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { BibTemplateNotFound } from "./bib-template.model.js"

export type NewBibTemplate = Omit<BibTemplate, "id" | "createdAt" | "updatedAt">
export type BibTemplateWrite = Omit<NewBibTemplate, "scope" | "organizerId" | "createdBy">

export class BibTemplateRepo extends Context.Tag("@podium/core/challenges/BibTemplateRepo")<BibTemplateRepo, {
  readonly create: (input: NewBibTemplate) => Effect.Effect<BibTemplate>
  readonly findById: (id: string) => Effect.Effect<Option.Option<BibTemplate>>
  /** GLOBAL templates and, when given, one organizer's; GLOBAL first, then newest first. */
  readonly gallery: (organizerId: string | undefined) => Effect.Effect<ReadonlyArray<BibTemplate>>
  /** Writes the whole design and its thumbnail. */
  readonly update: (id: string, write: BibTemplateWrite) => Effect.Effect<BibTemplate, BibTemplateNotFound>
  readonly remove: (id: string) => Effect.Effect<boolean>
}>() {}
