import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** Bib templates (C "Bib templates"): the platform's GLOBAL designs and organizers' own, with their rendered thumbnails. */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    create table challenges.bib_templates (
      id uuid primary key default gen_random_uuid(),
      scope text not null check (scope in ('GLOBAL', 'ORGANIZER')),
      organizer_id text,
      name text not null,
      description text not null default '',
      background_color text not null default '#ffffff',
      text_color text not null default '#111111',
      accent_color text not null default '#e63946',
      font_family text not null default 'sans-serif',
      show_qr_code boolean not null default true,
      sample_bib_number text not null default '1024',
      sample_name text not null default 'Asha Runner',
      thumbnail_svg text not null,
      thumbnail_rendered_at timestamptz not null default now(),
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((scope = 'GLOBAL') = (organizer_id is null))
    )`
  yield* sql`create index bib_templates_organizer_idx on challenges.bib_templates (organizer_id, created_at desc)`
})
