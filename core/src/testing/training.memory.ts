/** Memory twins of the training context's repositories (the Postgres adapters' behaviour, on maps). */
import type { CalendarWorkout, CoachExchange, Food, TrainingRoute, FuelingTemplate, MoveRefused, NutritionSource, ProgramEnrollment, ProgramReview, ProgramWorkout, TrainingProgram, WorkoutFeedback } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import { CalendarRepo } from "../training/calendar.port.js"
import { CoachRepo } from "../training/coach.port.js"
import { NutritionRepo } from "../training/nutrition.port.js"
import { RouteRepo } from "../training/routes.use-case.js"
import { EnrollmentRepo, type ProgramFilter, ProgramRepo, type ProgramWorkoutInput, ReviewRepo } from "../training/programs.port.js"
import {
  addDays,
  AlreadyEnrolled,
  CalendarWorkoutNotFound,
  EnrollmentMoves,
  EnrollmentNotFound,
  FuelingTemplateNotDeleted,
  FuelingTemplateNotFound,
  NutritionSourceExists,
  NutritionSourceNotFound,
  ProgramNotFound,
  ProgramWorkoutNotFound,
  ReviewAlreadyPosted,
  ReviewHiddenAtFlags,
  ReviewNotFound,
  RouteNotFound,
  WorkoutMoves,
  workoutDate
} from "../training/training.model.js"
import { nextMemoryId } from "./sequential-id.js"

type StoredProgram = Omit<TrainingProgram, "workoutCount" | "enrollmentCount" | "reviewCount" | "averageRating"> & { deletedAt: Date | null }
type StoredWorkout = ProgramWorkout & { deletedAt: Date | null }
type StoredEnrollment = Omit<ProgramEnrollment, "programTitle">

interface Store {
  readonly workouts: Map<string, CalendarWorkout>
  readonly programs: Map<string, StoredProgram>
  readonly programWorkouts: Map<string, StoredWorkout>
  readonly enrollments: Map<string, StoredEnrollment>
  readonly feedback: Map<string, WorkoutFeedback>
  readonly reviews: Map<string, ProgramReview>
  readonly votes: Set<string>
  readonly fueling: Map<string, FuelingTemplate>
  readonly sources: Map<string, Omit<NutritionSource, "foodCount">>
  readonly foods: Map<string, Food>
  readonly routes: Map<string, TrainingRoute & { deletedAt: Date | null }>
}

const makeStore = (): Store => ({
  workouts: new Map(),
  programs: new Map(),
  programWorkouts: new Map(),
  enrollments: new Map(),
  feedback: new Map(),
  reviews: new Map(),
  votes: new Set(),
  fueling: new Map(),
  sources: new Map(),
  foods: new Map(),
  routes: new Map()
})

const round2 = (n: number) => Math.round(n * 100) / 100
const newestFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id)
const page = <A>(items: ReadonlyArray<A>, p: { readonly limit: number; readonly offset: number }) => ({
  items: items.slice(p.offset, p.offset + p.limit),
  total: items.length
})

const planOf = (store: Store, programId: string) =>
  [...store.programWorkouts.values()].filter((w) => w.programId === programId && w.deletedAt === null)
    .sort((a, b) => a.week - b.week || a.day - b.day || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
    .map(({ deletedAt: _, ...w }) => w)

const programView = (store: Store, p: StoredProgram): TrainingProgram => {
  const { deletedAt: _, ...program } = p
  const reviews = [...store.reviews.values()].filter((r) => r.programId === p.id)
  return {
    ...program,
    workoutCount: planOf(store, p.id).length,
    enrollmentCount: [...store.enrollments.values()].filter((e) => e.programId === p.id).length,
    reviewCount: reviews.length,
    averageRating: reviews.length === 0 ? null : round2(reviews.reduce((s, r) => s + r.rating, 0) / reviews.length)
  }
}

const enrollmentView = (store: Store, e: StoredEnrollment): ProgramEnrollment => ({ ...e, programTitle: store.programs.get(e.programId)?.title ?? "" })

const placeWorkout = (store: Store, e: StoredEnrollment, w: ProgramWorkout) => {
  const now = new Date()
  const placed: CalendarWorkout = {
    id: nextMemoryId(),
    userId: e.userId,
    date: workoutDate(e.startDate, w.week, w.day),
    title: w.title,
    sport: w.sport,
    description: w.description,
    intensity: w.intensity,
    plannedDurationMinutes: w.plannedDurationMinutes,
    plannedDistanceMeters: w.plannedDistanceMeters,
    status: "PLANNED",
    completedAt: null,
    enrollmentId: e.id,
    programWorkoutId: w.id,
    createdAt: now,
    updatedAt: now
  }
  store.workouts.set(placed.id, placed)
}

/** PLANNED calendar copies of a program workout on ACTIVE enrollments. */
const plannedCopies = (store: Store, workoutId: string) =>
  [...store.workouts.values()].filter((c) =>
    c.programWorkoutId === workoutId && c.status === "PLANNED" && c.enrollmentId !== null && store.enrollments.get(c.enrollmentId)?.status === "ACTIVE"
  )

const programRepo = (store: Store) => {
  const find = (id: string) => {
    const p = store.programs.get(id)
    return p === undefined || p.deletedAt !== null ? Option.none() : Option.some({ ...programView(store, p), workouts: planOf(store, id) })
  }
  const addPlan = (programId: string, plan: ReadonlyArray<ProgramWorkoutInput>) => {
    const now = new Date()
    return plan.map((w) => {
      const stored: StoredWorkout = { ...w, id: nextMemoryId(), programId, createdAt: now, updatedAt: now, deletedAt: null }
      store.programWorkouts.set(stored.id, stored)
      return stored
    })
  }
  const matches = (f: ProgramFilter, p: StoredProgram) =>
    p.deletedAt === null && (f.organizerId === undefined || p.organizerId === f.organizerId) && (f.published === undefined || p.published === f.published) &&
    (f.sport === undefined || p.sport === f.sport) && (f.level === undefined || p.level === f.level) && (f.maxWeeks === undefined || p.weeks <= f.maxWeeks) &&
    (f.q === undefined || p.title.toLowerCase().includes(f.q.toLowerCase()))
  return ProgramRepo.of({
    create: (organizerId, input, plan) =>
      Effect.sync(() => {
        const now = new Date()
        const program: StoredProgram = { ...input, id: nextMemoryId(), organizerId, currency: "INR", createdAt: now, updatedAt: now, deletedAt: null }
        store.programs.set(program.id, program)
        addPlan(program.id, plan)
        return Option.getOrThrow(find(program.id))
      }),
    find: (id) => Effect.sync(() => find(id)),
    list: (f) => Effect.sync(() => page([...store.programs.values()].filter((p) => matches(f, p)).sort(newestFirst).map((p) => programView(store, p)), f)),
    update: (id, patch, plan) =>
      Effect.suspend(() => {
        const program = store.programs.get(id)
        if (program === undefined || program.deletedAt !== null) return Effect.fail(new ProgramNotFound({ id }))
        const now = new Date()
        store.programs.set(id, { ...program, ...patch, updatedAt: now })
        if (plan !== undefined) {
          for (const w of store.programWorkouts.values()) if (w.programId === id && w.deletedAt === null) store.programWorkouts.set(w.id, { ...w, deletedAt: now })
          addPlan(id, plan)
        }
        return Effect.succeed(Option.getOrThrow(find(id)))
      }),
    remove: (id) =>
      Effect.suspend(() => {
        const program = store.programs.get(id)
        if (program === undefined || program.deletedAt !== null) return Effect.fail(new ProgramNotFound({ id }))
        store.programs.set(id, { ...program, deletedAt: new Date(), published: false, updatedAt: new Date() })
        return Effect.void
      }),
    addWorkout: (programId, input, today) =>
      Effect.suspend(() => {
        if (Option.isNone(find(programId))) return Effect.fail(new ProgramNotFound({ id: programId }))
        const [stored] = addPlan(programId, [input])
        const { deletedAt: _, ...workout } = stored!
        for (const e of store.enrollments.values()) {
          if (e.programId === programId && e.status === "ACTIVE" && workoutDate(e.startDate, input.week, input.day) >= today) placeWorkout(store, e, workout)
        }
        return Effect.succeed(workout)
      }),
    updateWorkout: (programId, workoutId, patch) =>
      Effect.suspend(() => {
        const w = store.programWorkouts.get(workoutId)
        if (w === undefined || w.programId !== programId || w.deletedAt !== null) return Effect.fail(new ProgramWorkoutNotFound({ id: workoutId }))
        const updated = { ...w, ...patch, updatedAt: new Date() }
        store.programWorkouts.set(workoutId, updated)
        for (const c of plannedCopies(store, workoutId)) {
          const e = store.enrollments.get(c.enrollmentId!)!
          store.workouts.set(c.id, {
            ...c,
            title: updated.title,
            sport: updated.sport,
            description: updated.description,
            intensity: updated.intensity,
            plannedDurationMinutes: updated.plannedDurationMinutes,
            plannedDistanceMeters: updated.plannedDistanceMeters,
            date: workoutDate(e.startDate, updated.week, updated.day),
            updatedAt: new Date()
          })
        }
        const { deletedAt: _, ...workout } = updated
        return Effect.succeed(workout)
      }),
    removeWorkout: (programId, workoutId) =>
      Effect.suspend(() => {
        const w = store.programWorkouts.get(workoutId)
        if (w === undefined || w.programId !== programId || w.deletedAt !== null) return Effect.fail(new ProgramWorkoutNotFound({ id: workoutId }))
        store.programWorkouts.set(workoutId, { ...w, deletedAt: new Date() })
        for (const c of plannedCopies(store, workoutId)) store.workouts.delete(c.id)
        return Effect.void
      })
  })
}

const enrollmentRepo = (store: Store) =>
  EnrollmentRepo.of({
    enroll: (userId, program, startDate, assignment) =>
      Effect.suspend(() => {
        const taken = [...store.enrollments.values()].some((e) => e.userId === userId && e.programId === program.id && e.status === "ACTIVE")
        if (taken) return Effect.fail(new AlreadyEnrolled({ programId: program.id }))
        const now = new Date()
        const enrollment: StoredEnrollment = {
          id: nextMemoryId(),
          userId,
          programId: program.id,
          status: "ACTIVE",
          startDate,
          endDate: addDays(startDate, program.weeks * 7 - 1),
          ...assignment,
          priceMinor: program.priceMinor,
          createdAt: now,
          cancelledAt: null,
          completedAt: null,
          updatedAt: now
        }
        store.enrollments.set(enrollment.id, enrollment)
        for (const w of program.workouts) placeWorkout(store, enrollment, w)
        return Effect.succeed(enrollmentView(store, enrollment))
      }),
    findById: (id) => Effect.sync(() => Option.map(Option.fromNullable(store.enrollments.get(id)), (e) => enrollmentView(store, e))),
    list: (f) =>
      Effect.sync(() =>
        page(
          [...store.enrollments.values()].filter((e) =>
            (f.userId === undefined || e.userId === f.userId) && (f.programId === undefined || e.programId === f.programId) &&
            (f.organizerId === undefined || e.organizerId === f.organizerId) && (f.eventId === undefined || e.eventId === f.eventId) &&
            (f.status === undefined || e.status === f.status)
          ).sort(newestFirst).map((e) => enrollmentView(store, e)),
          f
        )
      ),
    move: (id, move, at) =>
      Effect.suspend((): Effect.Effect<ProgramEnrollment, EnrollmentNotFound | MoveRefused> => {
        const e = store.enrollments.get(id)
        if (e === undefined) return Effect.fail(new EnrollmentNotFound({ id }))
        return Either.match(EnrollmentMoves.transition(e.status, move), {
          onLeft: Effect.fail,
          onRight: (status) => {
            const moved = { ...e, status, updatedAt: new Date(), ...(move === "cancel" ? { cancelledAt: at } : { completedAt: at }) }
            store.enrollments.set(id, moved)
            if (move === "cancel") for (const c of store.workouts.values()) if (c.enrollmentId === id && c.status === "PLANNED") store.workouts.delete(c.id)
            return Effect.succeed(enrollmentView(store, moved))
          }
        })
      }),
    completeIfDone: (id, at) =>
      Effect.sync(() => {
        const e = store.enrollments.get(id)
        if (e === undefined || !EnrollmentMoves.allows(e.status, "complete")) return
        if ([...store.workouts.values()].some((c) => c.enrollmentId === id && c.status === "PLANNED")) return
        store.enrollments.set(id, { ...e, status: "COMPLETED", completedAt: at, updatedAt: new Date() })
      }),
    sales: () =>
      Effect.sync(() => {
        const all = [...store.enrollments.values()]
        return [...new Set(all.map((e) => e.programId))].map((programId) => {
          const mine = all.filter((e) => e.programId === programId)
          return {
            programId,
            title: store.programs.get(programId)?.title ?? "",
            enrollments: mine.length,
            revenueMinor: mine.filter((e) => e.status !== "CANCELLED").reduce((s, e) => s + e.priceMinor, 0)
          }
        }).sort((a, b) => b.revenueMinor - a.revenueMinor || b.enrollments - a.enrollments || a.programId.localeCompare(b.programId))
      }),
    counts: () => Effect.sync(() => countsOf([...store.enrollments.values()])),
    athletes: (p) =>
      Effect.sync(() => {
        const all = [...store.enrollments.values()]
        const rows = [...new Set(all.map((e) => e.userId))].map((userId) => {
          const mine = all.filter((e) => e.userId === userId)
          return { userId, enrollments: mine.length, ...countsOf(mine), lastEnrolledAt: new Date(Math.max(...mine.map((e) => e.createdAt.getTime()))) }
        }).sort((a, b) => b.lastEnrolledAt.getTime() - a.lastEnrolledAt.getTime() || a.userId.localeCompare(b.userId))
        return page(rows, p)
      }),
    saveFeedback: (workoutId, userId, input) =>
      Effect.sync(() => {
        const now = new Date()
        const prior = store.feedback.get(workoutId)
        const saved: WorkoutFeedback = { id: prior?.id ?? nextMemoryId(), workoutId, userId, ...input, createdAt: prior?.createdAt ?? now, updatedAt: now }
        store.feedback.set(workoutId, saved)
        return saved
      })
  })

const countsOf = (all: ReadonlyArray<StoredEnrollment>) => ({
  active: all.filter((e) => e.status === "ACTIVE").length,
  cancelled: all.filter((e) => e.status === "CANCELLED").length,
  completed: all.filter((e) => e.status === "COMPLETED").length
})

const reviewRepo = (store: Store) => {
  const vote = (id: string, userId: string, kind: "helpful" | "flag") =>
    Effect.suspend(() => {
      const review = store.reviews.get(id)
      if (review === undefined) return Effect.fail(new ReviewNotFound({ id }))
      const key = `${id}/${userId}/${kind}`
      if (store.votes.has(key)) return Effect.succeed(review)
      store.votes.add(key)
      const updated = kind === "helpful"
        ? { ...review, helpfulCount: review.helpfulCount + 1 }
        : { ...review, flagCount: review.flagCount + 1, hidden: review.flagCount + 1 >= ReviewHiddenAtFlags }
      store.reviews.set(id, updated)
      return Effect.succeed(updated)
    })
  return ReviewRepo.of({
    create: (programId, userId, input) =>
      Effect.suspend(() => {
        if ([...store.reviews.values()].some((r) => r.programId === programId && r.userId === userId)) return Effect.fail(new ReviewAlreadyPosted({ programId }))
        const review: ProgramReview = { ...input, id: nextMemoryId(), programId, userId, helpfulCount: 0, flagCount: 0, hidden: false, createdAt: new Date() }
        store.reviews.set(review.id, review)
        return Effect.succeed(review)
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(store.reviews.get(id))),
    listForProgram: (programId, limit) =>
      Effect.sync(() => [...store.reviews.values()].filter((r) => r.programId === programId && !r.hidden).sort(newestFirst).slice(0, limit)),
    markHelpful: (id, userId) => vote(id, userId, "helpful"),
    flag: (id, userId) => vote(id, userId, "flag"),
    averageRating: () =>
      Effect.sync(() => {
        const all = [...store.reviews.values()]
        return { reviews: all.length, averageRating: all.length === 0 ? null : round2(all.reduce((s, r) => s + r.rating, 0) / all.length) }
      })
  })
}

const calendarRepo = (store: Store) =>
  CalendarRepo.of({
    create: (userId, input) =>
      Effect.sync(() => {
        const now = new Date()
        const workout: CalendarWorkout = { ...input, id: nextMemoryId(), userId, status: "PLANNED", completedAt: null, createdAt: now, updatedAt: now }
        store.workouts.set(workout.id, workout)
        return workout
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(store.workouts.get(id))),
    list: (userId, filter) =>
      Effect.sync(() =>
        [...store.workouts.values()]
          .filter((w) =>
            w.userId === userId && (filter.from === undefined || w.date >= filter.from) && (filter.to === undefined || w.date <= filter.to) &&
            (filter.status === undefined || w.status === filter.status) && (filter.enrollmentId === undefined || w.enrollmentId === filter.enrollmentId)
          )
          .sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      ),
    update: (id, patch) =>
      Effect.suspend(() => {
        const workout = store.workouts.get(id)
        if (workout === undefined) return Effect.fail(new CalendarWorkoutNotFound({ id }))
        const updated = { ...workout, ...patch, updatedAt: Object.keys(patch).length === 0 ? workout.updatedAt : new Date() }
        store.workouts.set(id, updated)
        return Effect.succeed(updated)
      }),
    remove: (id) => Effect.suspend(() => (store.workouts.delete(id) ? Effect.void : Effect.fail(new CalendarWorkoutNotFound({ id })))),
    move: (id, move, at) =>
      Effect.suspend((): Effect.Effect<CalendarWorkout, CalendarWorkoutNotFound | MoveRefused> => {
        const workout = store.workouts.get(id)
        if (workout === undefined) return Effect.fail(new CalendarWorkoutNotFound({ id }))
        return Either.match(WorkoutMoves.transition(workout.status, move), {
          onLeft: Effect.fail,
          onRight: (status) => {
            const updated = { ...workout, status, completedAt: move === "complete" ? at : null, updatedAt: new Date() }
            store.workouts.set(id, updated)
            return Effect.succeed(updated)
          }
        })
      })
  })

const nutritionRepo = (store: Store) => {
  const sourceView = (s: Omit<NutritionSource, "foodCount">): NutritionSource => ({ ...s, foodCount: [...store.foods.values()].filter((f) => f.sourceKey === s.key).length })
  const source = (key: string) => Option.map(Option.fromNullable(store.sources.get(key)), sourceView)
  const setSource = (key: string, change: (s: Omit<NutritionSource, "foodCount">) => Partial<NutritionSource>) =>
    Effect.suspend(() => {
      const s = store.sources.get(key)
      if (s === undefined) return Effect.fail(new NutritionSourceNotFound({ key }))
      const updated = { ...s, ...change(s), updatedAt: new Date() }
      store.sources.set(key, updated)
      return Effect.succeed(sourceView(updated))
    })
  const live = (id: string) => {
    const t = store.fueling.get(id)
    return t === undefined || t.deletedAt !== null ? undefined : t
  }
  return NutritionRepo.of({
    createTemplate: (input) =>
      Effect.sync(() => {
        const now = new Date()
        const t: FuelingTemplate = { ...input, id: nextMemoryId(), deletedAt: null, createdAt: now, updatedAt: now }
        store.fueling.set(t.id, t)
        return t
      }),
    findTemplate: (id) => Effect.sync(() => Option.fromNullable(store.fueling.get(id))),
    listTemplates: (f) =>
      Effect.sync(() =>
        [...store.fueling.values()].filter((t) =>
          (f.includeDeleted || t.deletedAt === null) && (f.category === undefined || t.category === f.category) && (f.sport === undefined || t.sport === f.sport)
        ).sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
      ),
    categories: () =>
      Effect.sync(() => {
        const all = [...store.fueling.values()].filter((t) => t.deletedAt === null)
        return [...new Set(all.map((t) => t.category))].sort().map((category) => ({ category, templates: all.filter((t) => t.category === category).length }))
      }),
    updateTemplate: (id, patch) =>
      Effect.suspend(() => {
        const t = live(id)
        if (t === undefined) return Effect.fail(new FuelingTemplateNotFound({ id }))
        const updated = { ...t, ...patch, updatedAt: new Date() }
        store.fueling.set(id, updated)
        return Effect.succeed(updated)
      }),
    deleteTemplate: (id) =>
      Effect.suspend(() => {
        const t = live(id)
        if (t === undefined) return Effect.fail(new FuelingTemplateNotFound({ id }))
        store.fueling.set(id, { ...t, deletedAt: new Date(), updatedAt: new Date() })
        return Effect.void
      }),
    restoreTemplate: (id) =>
      Effect.suspend((): Effect.Effect<FuelingTemplate, FuelingTemplateNotFound | FuelingTemplateNotDeleted> => {
        const t = store.fueling.get(id)
        if (t === undefined) return Effect.fail(new FuelingTemplateNotFound({ id }))
        if (t.deletedAt === null) return Effect.fail(new FuelingTemplateNotDeleted({ id }))
        const restored = { ...t, deletedAt: null, updatedAt: new Date() }
        store.fueling.set(id, restored)
        return Effect.succeed(restored)
      }),
    listSources: () => Effect.sync(() => [...store.sources.values()].sort((a, b) => a.key.localeCompare(b.key)).map(sourceView)),
    findSource: (key) => Effect.sync(() => source(key)),
    createSource: (input) =>
      Effect.suspend(() => {
        if (store.sources.has(input.key)) return Effect.fail(new NutritionSourceExists({ key: input.key }))
        const now = new Date()
        store.sources.set(input.key, { ...input, createdAt: now, updatedAt: now })
        return Effect.succeed(Option.getOrThrow(source(input.key)))
      }),
    updateSource: (key, patch) => setSource(key, () => patch),
    toggleSource: (key, enabled) => setSource(key, (s) => ({ enabled: enabled ?? !s.enabled })),
    seed: (input, list) =>
      Effect.sync(() => {
        const now = new Date()
        if (!store.sources.has(input.key)) store.sources.set(input.key, { ...input, createdAt: now, updatedAt: now })
        let inserted = 0
        for (const f of list) {
          if ([...store.foods.values()].some((x) => x.sourceKey === input.key && x.name === f.name)) continue
          const id = nextMemoryId()
          store.foods.set(id, { ...f, id, sourceKey: input.key })
          inserted++
        }
        return { inserted }
      }),
    foods: (f) =>
      Effect.sync(() =>
        page(
          [...store.foods.values()].filter((x) =>
            store.sources.get(x.sourceKey)?.enabled === true && (f.q === undefined || x.name.toLowerCase().includes(f.q.toLowerCase())) &&
            (f.category === undefined || x.category === f.category) && (f.sourceKey === undefined || x.sourceKey === f.sourceKey)
          ).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
          f
        )
      )
  })
}

const routeRepo = (store: Store) => {
  const view = ({ deletedAt: _, ...route }: TrainingRoute & { deletedAt: Date | null }): TrainingRoute => route
  const change = (id: string, f: (r: TrainingRoute & { deletedAt: Date | null }) => Partial<TrainingRoute & { deletedAt: Date | null }>) =>
    Effect.suspend(() => {
      const r = store.routes.get(id)
      if (r === undefined || r.deletedAt !== null) return Effect.fail(new RouteNotFound({ id }))
      const updated = { ...r, ...f(r), updatedAt: new Date() }
      store.routes.set(id, updated)
      return Effect.succeed(view(updated))
    })
  return RouteRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const now = new Date()
        const route = { ...input, id: nextMemoryId(), isActive: true, deletedAt: null, createdAt: now, updatedAt: now }
        store.routes.set(route.id, route)
        return view(route)
      }),
    findById: (id) => Effect.sync(() => Option.map(Option.fromNullable(store.routes.get(id)).pipe(Option.filter((r) => r.deletedAt === null)), view)),
    list: (f) =>
      Effect.sync(() =>
        [...store.routes.values()].filter((r) =>
          r.deletedAt === null && (f.q === undefined || r.name.toLowerCase().includes(f.q.toLowerCase())) && (f.sport === undefined || r.sport === f.sport) &&
          (f.isActive === undefined || r.isActive === f.isActive)
        ).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)).map(view)
      ),
    update: (id, patch) => change(id, () => patch),
    remove: (id) => Effect.asVoid(change(id, () => ({ deletedAt: new Date(), isActive: false }))),
    setActive: (id, isActive) => change(id, (r) => ({ isActive: isActive ?? !r.isActive }))
  })
}

/** The coach's exchanges, newest first by time then id (as the Postgres adapter orders them). */
const coachRepo = (exchanges: Array<CoachExchange>) =>
  CoachRepo.of({
    record: (e) =>
      Effect.sync(() => {
        const kept: CoachExchange = { ...e, toolCalls: structuredClone(e.toolCalls), id: nextMemoryId(), createdAt: new Date() }
        exchanges.push(kept)
        return kept
      }),
    history: (userId, page) =>
      Effect.sync(() => {
        const mine = exchanges.filter((e) => e.userId === userId)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
        return { items: mine.slice(page.offset, page.offset + page.limit), total: mine.length }
      }),
    usage: (userId, since) =>
      Effect.sync(() => {
        const counted = exchanges.filter((e) => e.userId === userId && e.createdAt.getTime() >= since.getTime())
        return {
          since,
          calls: counted.length,
          promptTokens: counted.reduce((n, e) => n + e.promptTokens, 0),
          completionTokens: counted.reduce((n, e) => n + e.completionTokens, 0)
        }
      })
  })

/** Every training repository on one fresh memory store. */
export const TrainingMemory = Layer.unwrapEffect(Effect.sync(() => {
  const store = makeStore()
  return Layer.mergeAll(
    Layer.succeed(CalendarRepo, calendarRepo(store)),
    Layer.succeed(ProgramRepo, programRepo(store)),
    Layer.succeed(EnrollmentRepo, enrollmentRepo(store)),
    Layer.succeed(ReviewRepo, reviewRepo(store)),
    Layer.succeed(NutritionRepo, nutritionRepo(store)),
    Layer.succeed(RouteRepo, routeRepo(store)),
    Layer.succeed(CoachRepo, coachRepo([]))
  )
}))
