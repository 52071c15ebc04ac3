/**
 * The 80G donation receipt (C Athlete "Charity receipt"): for a paid participation in a challenge
 * whose entry fees go to a VERIFIED charity, a plain-text receipt the athlete can file with their
 * taxes — receipt number, date (in the challenge's time zone), donor, amount, payment reference,
 * and the charity's name, address, PAN and 80G registration. The path's id is the participation's
 * id (the challenge's id is accepted too, as the other participation routes take it).
 */
import { Effect, Option } from "effect"
import { fullNameOf } from "../accounts/account.model.js"
import { UserRepo } from "../accounts/account.port.js"
import { ParticipationNotFound } from "../challenges/challenge.model.js"
import { ChallengeRepo, ParticipationRepo } from "../challenges/challenge.port.js"
import { TaxReceiptUnavailable } from "../challenges/charity.model.js"
import { CharityRepo } from "../challenges/charity.port.js"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"

/** Minor units with paise in Indian digit grouping (149900 → "INR 1,499.00"). */
const rupees = (minor: number, currency: string) =>
  `${currency} ${(minor / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

// Names and titles are user text: a line break in one must not forge a line of the receipt.
const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim()

const dateIn = (at: Date, timeZone: string) => at.toLocaleDateString("en-GB", { day: "2-digit", month: "short", year: "numeric", timeZone })

export const challengeTaxReceipt = Effect.fn("results.charityReceipt")(function*(athlete: Principal, id: string) {
  const participations = yield* ParticipationRepo
  const byId = isUuid(id) ? yield* participations.findById(id) : Option.none()
  const found = Option.isSome(byId) && byId.value.userId === athlete.accountId
    ? byId
    : isUuid(id)
    ? yield* participations.find(id, athlete.accountId)
    : Option.none()
  if (Option.isNone(found)) return yield* new ParticipationNotFound({ ref: id })
  const p = found.value
  if (p.paidAt === null || p.paymentId === null || p.entryFee === 0) return yield* new TaxReceiptUnavailable({ reason: "the participation has no paid entry fee" })
  const challenge = (yield* Effect.flatMap(ChallengeRepo, (r) => r.findById(p.challengeId))).pipe(Option.getOrThrow)
  if (challenge.charityId === null) return yield* new TaxReceiptUnavailable({ reason: "the challenge does not donate to a charity" })
  const charity = (yield* Effect.flatMap(CharityRepo, (r) => r.findById(challenge.charityId!))).pipe(Option.getOrThrow)
  const donor = Option.match(yield* Effect.flatMap(UserRepo, (r) => r.findById(athlete.accountId)), { onNone: () => "", onSome: fullNameOf })
  const lines = [
    "DONATION RECEIPT UNDER SECTION 80G OF THE INCOME-TAX ACT, 1961",
    "",
    `Receipt number: 80G-${p.paidAt.getUTCFullYear()}-${p.id.replaceAll("-", "").slice(0, 12).toUpperCase()}`,
    `Date of donation: ${dateIn(p.paidAt, challenge.timeZone)}`,
    `Received with thanks from: ${donor === "" ? "Podium athlete" : oneLine(donor)} (account ${athlete.accountId})`,
    `Amount: ${rupees(p.entryFee, p.currency)}`,
    `Mode of payment: online, payment reference ${p.paymentId}`,
    `Towards: entry to the charity challenge "${oneLine(challenge.title)}"`,
    "",
    `Charity: ${oneLine(charity.name)}`,
    `Address: ${oneLine(charity.address)}`,
    `PAN: ${charity.pan}`,
    `80G registration: ${charity.registrationNumber}`,
    "",
    "This donation is eligible for deduction under section 80G of the Income-tax Act, 1961, subject to its conditions.",
    ""
  ]
  return lines.join("\n")
})
