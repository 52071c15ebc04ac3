/** In-memory twin of the organizers' staff-task repository (conditional status moves like Postgres). */
import { Effect, Layer, Option } from "effect"
import type { StaffTask } from "../organizers/staff-task.model.js"
import { StaffTaskRepo } from "../organizers/staff-task.port.js"
import { nextMemoryId } from "./sequential-id.js"


export const StaffTaskRepoMemory: Layer.Layer<StaffTaskRepo> = Layer.sync(StaffTaskRepo, () => {
  const tasks = new Map<string, StaffTask>()
  const scoped = (organizerId: string, taskId: string) => {
    const t = tasks.get(taskId)
    return t !== undefined && t.organizerId === organizerId ? t : undefined
  }
  return StaffTaskRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const now = new Date()
        const task: StaffTask = { ...input, id: nextMemoryId(), status: "OPEN", createdAt: now, updatedAt: now }
        tasks.set(task.id, task)
        return task
      }),
    list: (organizerId) =>
      Effect.sync(() =>
        [...tasks.values()].filter((t) => t.organizerId === organizerId).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      ),
    find: (organizerId, taskId) => Effect.sync(() => Option.fromNullable(scoped(organizerId, taskId))),
    moveIf: (organizerId, taskId, from, to) =>
      Effect.sync(() => {
        const t = scoped(organizerId, taskId)
        if (t === undefined || t.status !== from) return Option.none()
        const moved: StaffTask = { ...t, status: to, updatedAt: new Date() }
        tasks.set(taskId, moved)
        return Option.some(moved)
      })
  })
})
