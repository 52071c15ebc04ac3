/**
 * Memory twin of JourneyStepRepo. Steps come from `seed` (the memory mapping twin does not feed
 * it); settings are kept per role and step.
 */
import { Effect, Layer, Option } from "effect"
import { type JourneyStep, JourneyStepRepo } from "../notifications/journey.model.js"

export const makeJourneyStepMemory = (seed: ReadonlyArray<JourneyStep> = []) => {
  const steps = new Map<string, JourneyStep>(seed.map((s) => [`${s.role}/${s.step}`, s]))
  const ordered = () =>
    [...steps.values()].sort((a, b) =>
      a.role.localeCompare(b.role) || (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) || a.step.localeCompare(b.step)
    )
  return JourneyStepRepo.of({
    list: (filter) =>
      Effect.sync(() =>
        ordered().filter((s) =>
          (filter.role === undefined || s.role === filter.role) &&
          (filter.step === undefined || s.step === filter.step) &&
          (filter.search === undefined || `${s.step} ${s.name}`.toLowerCase().includes(filter.search.toLowerCase()))
        )
      ),
    update: (role, step, patch) =>
      Effect.sync(() => {
        const current = steps.get(`${role}/${step}`)
        if (current === undefined) return Option.none()
        const next = { ...current, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) }
        steps.set(`${role}/${step}`, next)
        return Option.some(next)
      })
  })
}

export const JourneyStepMemory: Layer.Layer<JourneyStepRepo> = Layer.sync(JourneyStepRepo, () => makeJourneyStepMemory())
