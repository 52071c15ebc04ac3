/**
 * Leaderboards (C Athlete "Leaderboards"): finish times ranked overall, per gender and per age group
 * with standard competition ranking (equal times share a place: 1-2-2-4). Public where the event is
 * public and its results are published (otherwise 404); `for-me` answers the caller's place and
 * neighbours; admins ingest timing batches idempotently (the same batch twice changes nothing).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { ResultEntry, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires, Role } from "../common/index.js"
import {
  EntriesPage,
  EntriesQuery,
  FilteredEntriesQuery,
  ForMeAnswer,
  ForMeQuery,
  IngestBody,
  IngestOutcome,
  LeaderboardListQuery,
  LeaderboardPage
} from "./results.dto.js"

const Id = Schema.Struct({ id: UuidStr })

export class LeaderboardsGroup extends HttpApiGroup.make("leaderboards")
  .add(op.get("listLeaderboards", "/v2/leaderboards", { query: LeaderboardListQuery, ok: LeaderboardPage, summary: "Public leaderboards (results published, event public), newest first (?eventId, page, limit)" }))
  .add(op.get("leaderboardEntries", "/v2/leaderboards/:id/entries", { path: Id, query: EntriesQuery, ok: EntriesPage, summary: "Overall ranking by finish time; equal times share a place (1-2-2-4)" }))
  .add(op.get("leaderboardFilteredEntries", "/v2/leaderboards/:id/entries/filtered", { path: Id, query: FilteredEntriesQuery, ok: EntriesPage, summary: "The ranking within one gender or one age group (exactly one of ?gender, ?ageGroup)" }))
  .add(op.get("leaderboardEntriesForMe", "/v2/leaderboards/:id/entries/for-me", { path: Id, query: ForMeQuery, ok: ForMeAnswer, summary: "The caller's result and its neighbours (?around, default 2); me is null when the caller has no result" }).middleware(Authenticated).annotate(Requires, Role("user")))
  .add(op.get("leaderboardUserEntry", "/v2/leaderboards/:id/user/:userId", { path: Schema.Struct({ id: UuidStr, userId: UuidStr }), ok: ResultEntry, summary: "One athlete's result on the leaderboard (404 RESULT_NOT_FOUND)" }))
  .add(op.post("ingestLeaderboardResults", "/v2/leaderboards/admin/ingest", { body: IngestBody, ok: IngestOutcome, summary: "Ingest a batch of timing records (idempotent: a record already stored as sent changes nothing); places recomputed when anything changed" }).middleware(Authenticated).annotate(Requires, AdminPermission("events.manage")))
  .annotate(OpenApi.Title, "Athlete / Leaderboards")
  .annotate(OpenApi.Description, "Results leaderboards of events, served from Redis sorted sets rebuilt from Postgres")
{}
