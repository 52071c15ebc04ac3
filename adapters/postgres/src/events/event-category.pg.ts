/** Event categories on events.categories (migration 0033), from the collection's declaration. */
import { Events } from "@podium/core"
import { Layer } from "effect"
import { makeCollectionRepoPg } from "../platform/collection.pg.js"

export const EventCategoryRepoPg = Layer.effect(Events.EventCategoryRepo, makeCollectionRepoPg(Events.EventCategories, { table: "events.categories" }))
