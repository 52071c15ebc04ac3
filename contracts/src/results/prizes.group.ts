/**
 * Event prizes (C Events "Prizes", "Prizes (organizer)"). Anyone reads a public event's prizes and
 * its PUBLISHED winners. The organizer's team replaces the whole configuration (multipart:
 * `segments` as a JSON string of at most 6 leaderboards of rank slabs paying cash in paise and/or
 * a product, one image per product prize in field `prizeProductImage_<segmentIndex>_<slabIndex>`,
 * `dropSponsorContributionIds` as a JSON array to drop accepted sponsor goodies on purpose — 400
 * when a goodie could no longer be placed), accepts or rejects sponsors' goodies (accept refused
 * with 400 PRIZE_RANK_NOT_COVERED when no slab covers the rank), announces the winners (the whole
 * set each time), publishes or unpublishes them and distributes the cash through the wallets
 * ledger (idempotent: a winner is paid once whatever the number of calls).
 */
import { HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import {
  Body,
  EventPrizes,
  OneOf,
  Query,
  Instant,
  IntBetween,
  MaxPrizeCash,
  MaxPrizeRank,
  MaxPrizeSegments,
  MaxPrizeSlabs,
  Nullable,
  Optional,
  PrizeContribution,
  PrizeImage,
  PrizeProduct,
  PrizeResultsStatus,
  PrizeSegment,
  PrizeSlab,
  StrLength,
  says,
  UuidStr,
  ValidationText
} from "@podium/kernel"
import { Option, ParseResult, Schema } from "effect"
import { AdminPermission, Authenticated, op, OrganizerManagers, OrganizerReaders, PageOf, PageParams, Requires } from "../common/index.js"

const Event = Schema.Struct({ eventId: UuidStr })
const Contribution = Schema.Struct({ eventId: UuidStr, contributionId: UuidStr })
const base = "/v2/organizers/events/:eventId/prizes"
const FileField = Multipart.SingleFileSchema.annotations(says("must be a single file"))

/** An array of at most `max` items (class-validator ArrayMaxSize wording). */
const ArrayAtMost = <S extends Schema.Schema.Any>(item: S, max: number) =>
  Schema.Array(item).pipe(
    Schema.filter((items) => items.length <= max || `must contain no more than ${max} elements`),
    Schema.annotations({ jsonSchema: { type: "array", maxItems: max } })
  )

/** A form field holding JSON text (multipart fields are text), read into the value the next schema checks. */
const JsonText = Schema.transformOrFail(Schema.String, Schema.Unknown, {
  strict: true,
  decode: (text, _, ast) => {
    try {
      return ParseResult.succeed(JSON.parse(text) as unknown)
    } catch {
      return ParseResult.fail(new ParseResult.Type(ast, text, "must be a JSON string"))
    }
  },
  encode: (value) => ParseResult.succeed(JSON.stringify(value))
}).annotations({ [ValidationText]: "must be a JSON string" })

const ProductInput = Body({
  name: PrizeProduct.fields.name,
  description: Optional(Nullable(StrLength(0, 1000))),
  /** The key of an image the current prizes hold, to keep it without uploading it again. */
  imageKey: Optional(Nullable(StrLength(1, 300)))
})

const SlabInput = Body({
  rankFrom: PrizeSlab.fields.rankFrom,
  rankTo: PrizeSlab.fields.rankTo,
  /** Paise per winner. */
  cashAmount: Optional(Nullable(IntBetween(1, MaxPrizeCash))),
  /** Omitted: no product prize. */
  product: Optional(ProductInput)
})

const SegmentInput = Body({ name: PrizeSegment.fields.name, slabs: ArrayAtMost(SlabInput, MaxPrizeSlabs) })

/** The prize leaderboards as JSON text: at most 6 (A 8). */
export const PrizeSegmentsText = Schema.compose(JsonText, ArrayAtMost(SegmentInput, MaxPrizeSegments), { strict: false })
  .annotations({ [ValidationText]: "must be a JSON string", jsonSchema: { type: "string", description: "JSON array of at most 6 leaderboards {name, slabs: [{rankFrom, rankTo, cashAmount?, product?: {name, description?, imageKey?}}]}" } })

const DropIdsText = Schema.compose(JsonText, Schema.Array(UuidStr), { strict: false })
  .annotations({ [ValidationText]: "must be a JSON string", jsonSchema: { type: "string", description: "JSON array of accepted sponsor contribution ids to drop" } })

/** `prizeProductImage_<segmentIndex>_<slabIndex>`. */
const ProductImageFieldName = Schema.TemplateLiteral(Schema.Literal("prizeProductImage_"), Schema.Number, Schema.Literal("_"), Schema.Number)

const ReplacePrizesFields = Body({ segments: PrizeSegmentsText, dropSponsorContributionIds: Optional(DropIdsText) })

/** Replace-all: the two text fields plus one image (PNG, JPG or WEBP, 5 MB) per product prize. */
export const ReplacePrizesForm = HttpApiSchema.Multipart(
  Schema.Struct(ReplacePrizesFields.fields, Schema.Record({ key: ProductImageFieldName, value: FileField }))
    .annotations({
      parseOptions: { errors: "all", onExcessProperty: "ignore" },
      // Documented without the image fields' name pattern (OpenAPI 3.0 has no patternProperties).
      jsonSchema: {
        type: "object",
        required: ["segments"],
        properties: {
          segments: { type: "string", description: "JSON array of at most 6 leaderboards {name, slabs: [{rankFrom, rankTo, cashAmount?, product?: {name, description?, imageKey?}}]}" },
          dropSponsorContributionIds: { type: "string", description: "JSON array of accepted sponsor contribution ids to drop" }
        },
        additionalProperties: { type: "string", format: "binary", description: "prizeProductImage_<segmentIndex>_<slabIndex>: the product image of that slab (PNG, JPG or WEBP, 5 MB)" }
      }
    }),
  { maxFileSize: Option.some(5 * 1024 * 1024), maxParts: Option.some(MaxPrizeSegments * MaxPrizeSlabs + 4), maxFieldSize: 256 * 1024 }
)

export const AnnounceWinnersBody = Body({
  winners: ArrayAtMost(Body({ segmentIndex: IntBetween(0, MaxPrizeSegments - 1), rank: IntBetween(1, MaxPrizeRank), userId: UuidStr }), 1000)
})

// --- answers --------------------------------------------------------------------------------

const GoodieView = Schema.Struct({
  id: UuidStr,
  sponsorName: Schema.String,
  title: Schema.String,
  description: Schema.NullOr(Schema.String),
  quantity: Schema.Int,
  rank: Schema.Int
}).annotations({ identifier: "PrizeGoodie" })

const SlabView = Schema.Struct({
  rankFrom: Schema.Int,
  rankTo: Schema.Int,
  cashAmount: Schema.NullOr(Schema.Int),
  currency: Schema.String,
  product: Schema.NullOr(Schema.Struct({
    name: Schema.String,
    description: Schema.NullOr(Schema.String),
    /** With a short-lived URL that shows it. */
    image: Schema.NullOr(Schema.Struct({ ...PrizeImage.fields, url: Schema.String }))
  })),
  /** Accepted sponsor goodies this slab holds. */
  goodies: Schema.Array(GoodieView)
}).annotations({ identifier: "PrizeSlabView" })

const SegmentView = Schema.Struct({ index: Schema.Int, name: Schema.String, slabs: Schema.Array(SlabView) }).annotations({ identifier: "PrizeSegmentView" })

export const PublicPrizesView = Schema.Struct({ eventId: UuidStr, currency: Schema.String, segments: Schema.Array(SegmentView) })
  .annotations({ identifier: "PublicPrizes" })

export const PrizesView = Schema.Struct({ ...EventPrizes.fields, segments: Schema.Array(SegmentView) }).annotations({ identifier: "EventPrizesView" })

const WinnerFields = {
  segmentIndex: Schema.Int,
  segmentName: Schema.NullOr(Schema.String),
  rank: Schema.Int,
  userId: UuidStr,
  athleteName: Schema.NullOr(Schema.String),
  /** Paise of the winner's slab (null: no cash). */
  cashAmount: Schema.NullOr(Schema.Int),
  currency: Schema.String,
  productName: Schema.NullOr(Schema.String)
}

export const PublicWinnersView = Schema.Struct({
  eventId: UuidStr,
  publishedAt: Schema.NullOr(Instant),
  items: Schema.Array(Schema.Struct(WinnerFields).annotations({ identifier: "PrizeWinnerPublic" }))
}).annotations({ identifier: "PublicPrizeWinners" })

const ResultsFields = {
  eventId: UuidStr,
  status: PrizeResultsStatus,
  announcedAt: Schema.NullOr(Instant),
  publishedAt: Schema.NullOr(Instant),
  distributedAt: Schema.NullOr(Instant),
  winners: Schema.Array(Schema.Struct({ ...WinnerFields, paidAmount: Schema.NullOr(Schema.Int), paidAt: Schema.NullOr(Instant) }).annotations({ identifier: "PrizeWinnerView" }))
}

export const PrizeResultsView = Schema.Struct(ResultsFields).annotations({ identifier: "PrizeResults" })

export const PrizeDistributionView = Schema.Struct({
  ...ResultsFields,
  currency: Schema.String,
  /** Winners paid by this call and the paise they received (0 on a repeated call). */
  paidNow: Schema.Int,
  paidAmountNow: Schema.Int
}).annotations({ identifier: "PrizeDistribution" })

export const PrizeContributionsView = Schema.Struct({ items: Schema.Array(PrizeContribution), hasRankSlabs: Schema.Boolean })
  .annotations({ identifier: "PrizeContributions" })

export class PublicPrizesGroup extends HttpApiGroup.make("eventPrizes")
  .add(op.get("eventPrizes", "/v2/events/:eventId/prizes", { path: Event, ok: PublicPrizesView, summary: "A public event's prize leaderboards, slabs (cash in paise, products with images) and accepted sponsor goodies" }))
  .add(op.get("eventPrizeWinners", "/v2/events/:eventId/prizes/winners", { path: Event, ok: PublicWinnersView, summary: "A public event's prize winners: PUBLISHED winners only (none while unpublished)" }))
  .annotate(OpenApi.Title, "Events / Prizes")
{}

export class OrganizerPrizesGroup extends HttpApiGroup.make("organizerPrizes")
  .add(op.get("organizerEventPrizes", base, { path: Event, ok: PrizesView, summary: "The event's prizes with their publication and distribution state" }).middleware(OrganizerReaders))
  .add(op.put("replaceEventPrizes", base, { path: Event, body: ReplacePrizesForm, ok: PrizesView, summary: "Replace all prizes (multipart: segments JSON of at most 6 leaderboards, prizeProductImage_<segmentIndex>_<slabIndex> files, dropSponsorContributionIds JSON; 400 when an accepted goodie cannot be placed; 409 PRIZES_DISTRIBUTED)" }).middleware(OrganizerManagers))
  .add(op.get("eventPrizeContributions", `${base}/contributions`, { path: Event, ok: PrizeContributionsView, summary: "Sponsors' goodies offered for the event's prizes, newest first, and whether any rank slab exists" }).middleware(OrganizerReaders))
  .add(op.post("acceptEventPrizeContribution", `${base}/contributions/:contributionId/accept`, { path: Contribution, ok: PrizeContribution, summary: "Accept a pending goodie (400 PRIZE_RANK_NOT_COVERED when no slab covers its rank; 409 PRIZE_CONTRIBUTION_STATUS_CONFLICT when not pending)" }).middleware(OrganizerManagers))
  .add(op.post("rejectEventPrizeContribution", `${base}/contributions/:contributionId/reject`, { path: Contribution, ok: PrizeContribution, summary: "Reject a pending goodie (409 PRIZE_CONTRIBUTION_STATUS_CONFLICT when not pending)" }).middleware(OrganizerManagers))
  .add(op.post("distributeEventPrizes", `${base}/distribute`, { path: Event, ok: PrizeDistributionView, summary: "Pay the published winners' cash from the organizer's payable balance to their wallets (idempotent; 400 PRIZE_RESULTS_NOT_PUBLISHED; 409 PRIZE_FUNDS_INSUFFICIENT pays nobody)" }).middleware(OrganizerManagers))
  .add(op.get("eventPrizeResults", `${base}/results`, { path: Event, ok: PrizeResultsView, summary: "The announced winners with their prizes and payments" }).middleware(OrganizerReaders))
  .add(op.post("announceEventPrizeResults", `${base}/results`, { path: Event, body: AnnounceWinnersBody, ok: PrizeResultsView, summary: "Announce the winners, replacing the whole prior set (409 PRIZE_RESULTS_PUBLISHED while published, PRIZES_DISTRIBUTED after a distribution)" }).middleware(OrganizerManagers))
  .add(op.post("publishEventPrizeResults", `${base}/results/publish`, { path: Event, ok: PrizeResultsView, summary: "Publish the announced winners (409 PRIZE_RESULTS_NOT_ANNOUNCED, PRIZE_RESULTS_STATUS_CONFLICT when published)" }).middleware(OrganizerManagers))
  .add(op.post("unpublishEventPrizeResults", `${base}/results/unpublish`, { path: Event, ok: PrizeResultsView, summary: "Withdraw the published winners (409 PRIZE_RESULTS_STATUS_CONFLICT when not published)" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events / Prizes (organizer)")
{}

/** A sponsor contribution of either lane (event prizes or challenge prizes) in the fields both share. */
export const LaneContribution = Schema.Struct({
  lane: Schema.Literal("event", "challenge"),
  id: Schema.String,
  /** The event or the challenge it was offered for. */
  targetId: Schema.String,
  sponsorName: Schema.String,
  brandId: Schema.NullOr(Schema.String),
  title: Schema.String,
  rank: Schema.Int,
  status: Schema.String,
  decidedAt: Schema.NullOr(Instant),
  createdAt: Instant
}).annotations({ identifier: "LaneContribution" })

export class AdminPrizeContributionsGroup extends HttpApiGroup.make("adminPrizeContributions")
  .add(op.get("adminPrizeContributions", "/v2/admin/prize-contributions", { query: Query({ ...PageParams, lane: Optional(OneOf("event", "challenge")) }), ok: PageOf(LaneContribution).annotations({ identifier: "LaneContributionPage" }), summary: "Sponsors' prize contributions of every brand in both lanes (event prizes and challenge prizes), newest first (?lane)" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("events.manage"))
  .annotate(OpenApi.Title, "Admin: Events, challenges, editions / Goodies")
{}
