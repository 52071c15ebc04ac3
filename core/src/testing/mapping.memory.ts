/** Memory twin of NotificationMappingRepo on the generic CRUD memory repository. */
import { Layer } from "effect"
import { type NewNotificationMapping, type NotificationMapping, NotificationMappingRepo } from "../notifications/mapping.model.js"
import { makeCrudRepoMemory } from "./crud.memory.js"

export const NotificationMappingMemory: Layer.Layer<NotificationMappingRepo> = Layer.sync(NotificationMappingRepo, () =>
  makeCrudRepoMemory<NotificationMapping & { readonly slot: string }, NewNotificationMapping, Partial<NewNotificationMapping>>({
    resource: "notification mapping",
    unique: ["slot"],
    build: (input, id, at) => ({
      id,
      role: input.role,
      step: input.step,
      channel: input.channel,
      templateKey: input.templateKey,
      enabled: input.enabled ?? true,
      slot: `${input.role}/${input.step}/${input.channel}`,
      createdAt: at,
      updatedAt: at
    }),
    apply: (record, patch, replace, at) => {
      const next = {
        ...record,
        ...(replace ? { enabled: true } : {}),
        ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
        updatedAt: at
      }
      return { ...next, slot: `${next.role}/${next.step}/${next.channel}` }
    }
  }).repo)
