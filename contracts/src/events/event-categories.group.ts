/**
 * Event categories (C "Sponsors and brands / Event categories"): anyone may read them (event
 * discovery filters by them); admins with `events.catalog` create, change and delete them. The
 * record and both bodies come from one schema (`EventCategory` in the kernel).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { EventCategory, inputOf } from "@podium/kernel"
import { AdminPermission, Authenticated, crudEndpoints, Requires } from "../common/index.js"

const writable = ["description", "sortOrder", "isActive"] as const
const categories = crudEndpoints({
  name: "EventCategory",
  path: "/v2/event-categories",
  item: EventCategory,
  create: inputOf(EventCategory, { required: ["name"], optional: writable }),
  update: inputOf(EventCategory, { required: [], optional: ["name", ...writable] }),
  maxBulk: 100
})
const admin = AdminPermission("events.catalog")

export class EventCategoriesGroup extends HttpApiGroup.make("eventCategories")
  .add(categories.getMany.annotate(OpenApi.Summary, "List event categories (public; generic list query: s, filter, sort, page, limit, fields)"))
  .add(categories.getOne.annotate(OpenApi.Summary, "Read an event category (public)"))
  .add(categories.createOne.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, "Create an event category; names are unique (409 EVENT_CATEGORY_EXISTS)"))
  .add(categories.updateOne.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, "Change an event category's name, description, sort order or active flag"))
  .add(categories.deleteOne.middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Summary, "Delete an event category"))
  .annotate(OpenApi.Title, "Events / Event categories")
  .annotate(OpenApi.Description, "Event categories: public reads, admin writes (events.catalog)")
{}
