/**
 * Training programs, enrollments and reviews on Postgres (migration 0081). Enrolling places the
 * program's workouts on the athlete's calendar in the same transaction; re-planning a program
 * reaches only PLANNED workouts of ACTIVE enrollments, so completed history is never rewritten.
 * Counters (helpful votes, flags) move in the same statement as the vote row that justifies them.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Training } from "@podium/core"
import { ProgramEnrollment, ProgramReview, ProgramWorkout, TrainingProgram, WorkoutFeedback } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, ids, onUnique, rowsOf } from "../rows.pg.js"

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export const ProgramRepoPg = Layer.effect(Training.ProgramRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const programs = rowsOf(TrainingProgram)
  const workouts = rowsOf(ProgramWorkout)
  const select = sql`
    select p.id, p.organizer_id, p.title, p.description, p.sport, p.level, p.weeks, p.price_minor, p.currency, p.published,
      (select count(*)::int from training.program_workouts w where w.program_id = p.id and w.deleted_at is null) as workout_count,
      (select count(*)::int from training.enrollments e where e.program_id = p.id) as enrollment_count,
      (select count(*)::int from training.program_reviews r where r.program_id = p.id) as review_count,
      (select round(avg(r.rating)::numeric, 2)::float8 from training.program_reviews r where r.program_id = p.id) as average_rating,
      p.created_at, p.updated_at
    from training.programs p`
  const wcols = sql`id, program_id::text as program_id, week, day, title, sport, description, intensity, planned_duration_minutes,
    planned_distance_meters, created_at, updated_at`
  const find = (id: string) =>
    Effect.gen(function*() {
      const program = yield* programs.maybe(sql`${select} where p.id = ${id} and p.deleted_at is null`)
      if (Option.isNone(program)) return Option.none()
      const plan = yield* workouts.all(sql`select ${wcols} from training.program_workouts
        where program_id = ${id} and deleted_at is null order by week, day, created_at, id`)
      return Option.some({ ...program.value, workouts: plan })
    })
  const found = (id: string) => Effect.map(find(id), Option.getOrThrow)
  const insertWorkouts = (programId: string, plan: ReadonlyArray<Training.ProgramWorkoutInput>) =>
    plan.length === 0 ? Effect.void : sql`insert into training.program_workouts ${sql.insert(plan.map((w) => ({ ...w, programId })))}`.pipe(Effect.orDie)
  const where = (f: Training.ProgramFilter) =>
    sql`where p.deleted_at is null
      ${f.organizerId === undefined ? sql`` : f.organizerId === null ? sql`and p.organizer_id is null` : sql`and p.organizer_id = ${f.organizerId}`}
      ${f.published === undefined ? sql`` : sql`and p.published = ${f.published}`}
      ${f.sport === undefined ? sql`` : sql`and p.sport = ${f.sport}`}
      ${f.level === undefined ? sql`` : sql`and p.level = ${f.level}`}
      ${f.maxWeeks === undefined ? sql`` : sql`and p.weeks <= ${f.maxWeeks}`}
      ${f.q === undefined ? sql`` : sql`and p.title ilike ${like(f.q)}`}`
  return Training.ProgramRepo.of({
    create: (organizerId, input, plan) =>
      sql.withTransaction(Effect.gen(function*() {
        const row = yield* ids.one(sql`insert into training.programs ${sql.insert({ ...input, organizerId })} returning id`)
        yield* insertWorkouts(row.id, plan)
        return row.id
      })).pipe(Effect.orDie, Effect.flatMap(found)),
    find,
    list: (f) =>
      Effect.all({
        items: programs.all(sql`${select} ${where(f)} order by p.created_at desc, p.id limit ${f.limit} offset ${f.offset}`),
        total: Effect.map(counts.one(sql`select count(*)::int as n from training.programs p ${where(f)}`), (r) => r.n)
      }),
    update: (id, patch, plan) =>
      sql.withTransaction(Effect.gen(function*() {
        const set = Object.keys(patch).length === 0 ? sql`updated_at = now()` : sql`${sql.update({ ...patch })}, updated_at = now()`
        const updated = yield* ids.maybe(sql`update training.programs set ${set} where id = ${id} and deleted_at is null returning id`)
        if (Option.isNone(updated)) return false
        // A new plan replaces the template's workouts; enrollments keep the copies they were given.
        if (plan !== undefined) {
          yield* sql`update training.program_workouts set deleted_at = now() where program_id = ${id} and deleted_at is null`
          yield* insertWorkouts(id, plan)
        }
        return true
      })).pipe(
        Effect.orDie,
        Effect.flatMap((ok) => (ok ? found(id) : Effect.fail(new Training.ProgramNotFound({ id }))))
      ),
    remove: (id) =>
      Effect.flatMap(ids.maybe(sql`update training.programs set deleted_at = now(), published = false, updated_at = now()
        where id = ${id} and deleted_at is null returning id`), (row) => (Option.isNone(row) ? Effect.fail(new Training.ProgramNotFound({ id })) : Effect.void)),
    addWorkout: (programId, input, today) =>
      sql.withTransaction(Effect.gen(function*() {
        const program = yield* ids.maybe(sql`select id from training.programs where id = ${programId} and deleted_at is null for update`)
        if (Option.isNone(program)) return Option.none()
        const workout = yield* workouts.one(sql`insert into training.program_workouts ${sql.insert({ ...input, programId })} returning ${wcols}`)
        const offset = (input.week - 1) * 7 + (input.day - 1)
        yield* sql`
          insert into training.calendar_workouts (user_id, date, title, sport, description, intensity, planned_duration_minutes,
            planned_distance_meters, enrollment_id, program_workout_id)
          select e.user_id, e.start_date + ${offset}::int, ${input.title}, ${input.sport}, ${input.description}, ${input.intensity},
            ${input.plannedDurationMinutes}, ${input.plannedDistanceMeters}, e.id, ${workout.id}
          from training.enrollments e
          where e.program_id = ${programId} and e.status = 'ACTIVE' and e.start_date + ${offset}::int >= ${today}::date`
        return Option.some(workout)
      })).pipe(
        Effect.orDie,
        Effect.flatMap(Option.match({ onNone: () => Effect.fail(new Training.ProgramNotFound({ id: programId })), onSome: Effect.succeed }))
      ),
    updateWorkout: (programId, workoutId, patch) =>
      sql.withTransaction(Effect.gen(function*() {
        const set = Object.keys(patch).length === 0 ? sql`updated_at = now()` : sql`${sql.update({ ...patch })}, updated_at = now()`
        const workout = yield* workouts.maybe(sql`update training.program_workouts set ${set}
          where id = ${workoutId} and program_id = ${programId} and deleted_at is null returning ${wcols}`)
        if (Option.isNone(workout)) return workout
        yield* sql`
          update training.calendar_workouts c set title = w.title, sport = w.sport, description = w.description, intensity = w.intensity,
            planned_duration_minutes = w.planned_duration_minutes, planned_distance_meters = w.planned_distance_meters,
            date = e.start_date + ((w.week - 1) * 7 + (w.day - 1)), updated_at = now()
          from training.program_workouts w, training.enrollments e
          where w.id = ${workoutId} and c.program_workout_id = w.id and c.enrollment_id = e.id
            and e.status = 'ACTIVE' and c.status = 'PLANNED'`
        return workout
      })).pipe(
        Effect.orDie,
        Effect.flatMap(Option.match({ onNone: () => Effect.fail(new Training.ProgramWorkoutNotFound({ id: workoutId })), onSome: Effect.succeed }))
      ),
    removeWorkout: (programId, workoutId) =>
      sql.withTransaction(Effect.gen(function*() {
        const removed = yield* ids.maybe(sql`update training.program_workouts set deleted_at = now(), updated_at = now()
          where id = ${workoutId} and program_id = ${programId} and deleted_at is null returning id`)
        if (Option.isNone(removed)) return false
        yield* sql`
          delete from training.calendar_workouts c using training.enrollments e
          where c.program_workout_id = ${workoutId} and c.enrollment_id = e.id and e.status = 'ACTIVE' and c.status = 'PLANNED'`
        return true
      })).pipe(
        Effect.orDie,
        Effect.flatMap((ok) => (ok ? Effect.void : Effect.fail(new Training.ProgramWorkoutNotFound({ id: workoutId }))))
      )
  })
}))

const SalesRow = Schema.Struct({ programId: Schema.String, title: Schema.String, enrollments: Schema.Number, revenueMinor: Schema.Number })
const CountsRow = Schema.Struct({ active: Schema.Number, cancelled: Schema.Number, completed: Schema.Number })
const AthleteRow = Schema.Struct({ ...CountsRow.fields, userId: Schema.String, enrollments: Schema.Number, lastEnrolledAt: Schema.DateFromSelf })

export const EnrollmentRepoPg = Layer.effect(Training.EnrollmentRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const enrollments = rowsOf(ProgramEnrollment)
  const feedback = rowsOf(WorkoutFeedback)
  const sales = rowsOf(SalesRow)
  const countRows = rowsOf(CountsRow)
  const athletes = rowsOf(AthleteRow)
  const select = sql`
    select e.id, e.user_id, e.program_id::text as program_id, p.title as program_title, e.status, e.start_date::text as start_date,
      e.end_date::text as end_date, e.organizer_id, e.event_id, e.assigned_by, e.price_minor, e.created_at, e.cancelled_at, e.completed_at, e.updated_at
    from training.enrollments e join training.programs p on p.id = e.program_id`
  const byId = (id: string) => enrollments.maybe(sql`${select} where e.id = ${id}`)
  const where = (f: Training.EnrollmentFilter) =>
    sql`where true
      ${f.userId === undefined ? sql`` : sql`and e.user_id = ${f.userId}`}
      ${f.programId === undefined ? sql`` : sql`and e.program_id = ${f.programId}`}
      ${f.organizerId === undefined ? sql`` : sql`and e.organizer_id = ${f.organizerId}`}
      ${f.eventId === undefined ? sql`` : sql`and e.event_id = ${f.eventId}`}
      ${f.status === undefined ? sql`` : sql`and e.status = ${f.status}`}`
  const countsByStatus = sql`count(*) filter (where status = 'ACTIVE')::int as active,
    count(*) filter (where status = 'CANCELLED')::int as cancelled, count(*) filter (where status = 'COMPLETED')::int as completed`
  return Training.EnrollmentRepo.of({
    enroll: (userId, program, startDate, assignment) =>
      sql.withTransaction(Effect.gen(function*() {
        const row = yield* ids.one(sql`insert into training.enrollments ${
          sql.insert({
            userId,
            programId: program.id,
            startDate,
            endDate: Training.addDays(startDate, program.weeks * 7 - 1),
            organizerId: assignment.organizerId,
            eventId: assignment.eventId,
            assignedBy: assignment.assignedBy,
            priceMinor: program.priceMinor
          })
        } returning id`.pipe(onUnique(() => new Training.AlreadyEnrolled({ programId: program.id }))))
        if (program.workouts.length > 0) {
          yield* sql`insert into training.calendar_workouts ${
            sql.insert(program.workouts.map((w) => ({
              userId,
              date: Training.workoutDate(startDate, w.week, w.day),
              title: w.title,
              sport: w.sport,
              description: w.description,
              intensity: w.intensity,
              plannedDurationMinutes: w.plannedDurationMinutes,
              plannedDistanceMeters: w.plannedDistanceMeters,
              enrollmentId: row.id,
              programWorkoutId: w.id
            })))
          }`
        }
        return row.id
      })).pipe(
        Effect.catchTag("SqlError", Effect.die),
        Effect.flatMap((id) => Effect.map(byId(id), Option.getOrThrow))
      ),
    findById: byId,
    list: (f) =>
      Effect.all({
        items: enrollments.all(sql`${select} ${where(f)} order by e.created_at desc, e.id limit ${f.limit} offset ${f.offset}`),
        total: Effect.map(counts.one(sql`select count(*)::int as n from training.enrollments e ${where(f)}`), (r) => r.n)
      }),
    move: (id, move, at) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* applyMove(sql, {
          moves: Training.EnrollmentMoves,
          move,
          table: "training.enrollments",
          id,
          set: move === "cancel" ? sql`cancelled_at = ${at}, updated_at = now()` : sql`completed_at = ${at}, updated_at = now()`,
          returning: sql`id`,
          rows: ids,
          notFound: () => new Training.EnrollmentNotFound({ id })
        })
        // Cancelling takes the plan off the calendar; what was done stays.
        if (move === "cancel") yield* sql`delete from training.calendar_workouts where enrollment_id = ${id} and status = 'PLANNED'`.pipe(Effect.orDie)
      })).pipe(
        Effect.catchTag("SqlError", Effect.die),
        Effect.flatMap(() => Effect.map(byId(id), Option.getOrThrow))
      ),
    completeIfDone: (id, at) =>
      sql`update training.enrollments set status = ${Training.EnrollmentMoves.table.complete.to}, completed_at = ${at}, updated_at = now()
        where id = ${id} and status in ${sql.in(Training.EnrollmentMoves.table.complete.from as ReadonlyArray<string>)}
          and not exists (select 1 from training.calendar_workouts c where c.enrollment_id = ${id} and c.status = 'PLANNED')`.pipe(Effect.asVoid, Effect.orDie),
    // Revenue is what non-cancelled enrollments cost when taken (a cancelled one counts as refunded).
    sales: () =>
      sales.all(sql`
        select p.id::text as program_id, p.title, count(e.id)::int as enrollments,
          coalesce(sum(e.price_minor) filter (where e.status <> 'CANCELLED'), 0)::int as revenue_minor
        from training.programs p join training.enrollments e on e.program_id = p.id
        group by p.id, p.title order by revenue_minor desc, enrollments desc, p.id`),
    counts: () => countRows.one(sql`select ${countsByStatus} from training.enrollments`),
    athletes: (page) =>
      Effect.all({
        items: athletes.all(sql`
          select user_id, count(*)::int as enrollments, ${countsByStatus}, max(created_at) as last_enrolled_at
          from training.enrollments group by user_id order by last_enrolled_at desc, user_id limit ${page.limit} offset ${page.offset}`),
        total: Effect.map(counts.one(sql`select count(distinct user_id)::int as n from training.enrollments`), (r) => r.n)
      }),
    saveFeedback: (workoutId, userId, input) =>
      feedback.one(sql`
        insert into training.workout_feedback ${sql.insert({ ...input, workoutId, userId })}
        on conflict (workout_id) do update set rpe = excluded.rpe, feeling = excluded.feeling, notes = excluded.notes, updated_at = now()
        returning id, workout_id::text as workout_id, user_id, rpe, feeling, notes, created_at, updated_at`)
  })
}))

const RatingRow = Schema.Struct({ reviews: Schema.Number, averageRating: Schema.NullOr(Schema.Number) })

export const ReviewRepoPg = Layer.effect(Training.ReviewRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const reviews = rowsOf(ProgramReview)
  const ratings = rowsOf(RatingRow)
  const cols = sql`id, program_id::text as program_id, user_id, rating, comment, helpful_count, flag_count, hidden, created_at`
  const byId = (id: string) => reviews.maybe(sql`select ${cols} from training.program_reviews where id = ${id}`)
  const existing = (id: string) =>
    Effect.flatMap(byId(id), Option.match({ onNone: () => Effect.fail(new Training.ReviewNotFound({ id })), onSome: Effect.succeed }))
  return Training.ReviewRepo.of({
    create: (programId, userId, input) =>
      reviews.one(
        sql`insert into training.program_reviews ${sql.insert({ ...input, programId, userId })} returning ${cols}`.pipe(
          onUnique(() => new Training.ReviewAlreadyPosted({ programId }))
        )
      ),
    findById: byId,
    listForProgram: (programId, limit) =>
      reviews.all(sql`select ${cols} from training.program_reviews where program_id = ${programId} and not hidden
        order by created_at desc, id limit ${limit}`),
    // The vote row and the counter move in one statement: a repeated or concurrent vote counts once.
    markHelpful: (id, userId) =>
      sql`with vote as (insert into training.review_votes (review_id, user_id, kind) values (${id}, ${userId}, 'helpful')
            on conflict do nothing returning review_id)
          update training.program_reviews set helpful_count = helpful_count + 1 where id in (select review_id from vote)`.pipe(
        Effect.orDie,
        Effect.flatMap(() => existing(id))
      ),
    flag: (id, userId, reason) =>
      sql`with vote as (insert into training.review_votes (review_id, user_id, kind, reason) values (${id}, ${userId}, 'flag', ${reason})
            on conflict do nothing returning review_id)
          update training.program_reviews set flag_count = flag_count + 1, hidden = flag_count + 1 >= ${Training.ReviewHiddenAtFlags}
          where id in (select review_id from vote)`.pipe(
        Effect.orDie,
        Effect.flatMap(() => existing(id))
      ),
    averageRating: () =>
      ratings.one(sql`select count(*)::int as reviews, round(avg(rating)::numeric, 2)::float8 as average_rating from training.program_reviews`)
  })
}))
