/** Memory twins of the events context's repositories. */
import { Layer } from "effect"
import { EventCategories, EventCategoryRepo } from "../events/event-category.model.js"
import { makeCollectionRepoMemory } from "./collection.memory.js"

export const EventCategoryRepoMemory = Layer.sync(EventCategoryRepo, () => makeCollectionRepoMemory(EventCategories))
