/**
 * A user's medical information (C "Data rights" `/v2/me/medical-info/erase`): the fields
 * race organisers need in an emergency. The spec names no read or write route for it, so this
 * context only OWNS the record — later issues (event registration forms) write it through
 * `MedicalInfoRepo.save` — and data rights clear it: the erase route, the data export and erasure.
 */
import { Schema } from "effect"

export const MedicalInfoFields = [
  "bloodGroup",
  "allergies",
  "conditions",
  "medications",
  "emergencyContactName",
  "emergencyContactPhone",
  "emergencyContactRelation"
] as const
export type MedicalInfoField = (typeof MedicalInfoFields)[number]

/** The stored record; absent fields are null. */
export const MedicalInfo = Schema.Struct({
  userId: Schema.String,
  bloodGroup: Schema.NullOr(Schema.String),
  allergies: Schema.NullOr(Schema.String),
  conditions: Schema.NullOr(Schema.String),
  medications: Schema.NullOr(Schema.String),
  emergencyContactName: Schema.NullOr(Schema.String),
  emergencyContactPhone: Schema.NullOr(Schema.String),
  emergencyContactRelation: Schema.NullOr(Schema.String),
  updatedAt: Schema.DateFromSelf
})
export interface MedicalInfo extends Schema.Schema.Type<typeof MedicalInfo> {}

/** What an erase removed: the names of the fields that held a value (empty when nothing was stored). */
export interface MedicalInfoErased {
  readonly erased: boolean
  readonly fields: ReadonlyArray<MedicalInfoField>
  readonly erasedAt: Date
}

/** The fields of a record that held a value. */
export const filledMedicalFields = (info: MedicalInfo): ReadonlyArray<MedicalInfoField> =>
  MedicalInfoFields.filter((f) => info[f] !== null && info[f] !== "")
