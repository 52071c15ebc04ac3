/** Event categories: a plain collection on the generic CRUD pieces, declared once from its record. */
import { EventCategory } from "@podium/kernel"
import { Context } from "effect"
import { type CollectionRepo, defineCollection } from "../platform/collection.js"

export const EventCategories = defineCollection({
  resource: "event category",
  record: EventCategory,
  writable: ["name", "description", "sortOrder", "isActive"],
  defaults: { description: null, sortOrder: 0, isActive: true },
  unique: ["name"],
  sort: [{ field: "sortOrder", order: "ASC" }, { field: "name", order: "ASC" }],
  searchable: ["name"]
})

export class EventCategoryRepo extends Context.Tag("@podium/core/events/EventCategoryRepo")<
  EventCategoryRepo,
  CollectionRepo<typeof EventCategories>
>() {}
