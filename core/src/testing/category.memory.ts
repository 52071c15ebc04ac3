/** Memory twin of NotificationCategoryRepo on the generic CRUD memory repository. */
import { Layer } from "effect"
import {
  type NewNotificationCategory,
  type NotificationCategory,
  type NotificationCategoryPatch,
  NotificationCategoryRepo
} from "../notifications/category.model.js"
import { makeCrudRepoMemory } from "./crud.memory.js"

export const NotificationCategoryMemory: Layer.Layer<NotificationCategoryRepo> = Layer.sync(NotificationCategoryRepo, () =>
  makeCrudRepoMemory<NotificationCategory, NewNotificationCategory, NotificationCategoryPatch>({
    resource: "notification category",
    unique: ["key"],
    build: (input, id, at) => ({
      id,
      key: input.key,
      name: input.name,
      description: input.description ?? null,
      audience: input.audience ?? "ALL",
      userControllable: input.userControllable ?? true,
      enabled: input.enabled ?? true,
      createdAt: at,
      updatedAt: at
    }),
    apply: (record, patch, replace, at) => ({
      ...record,
      ...(replace ? { description: null, audience: "ALL" as const, userControllable: true, enabled: true } : {}),
      ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
      updatedAt: at
    })
  }).repo)
