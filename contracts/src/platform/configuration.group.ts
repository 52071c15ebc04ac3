/**
 * Configuration (B "Configuration and AI"): feature flags and their audiences, platform flags and
 * their rollout, the canonical flag catalog and the inventory of where each flag is, and the app
 * version policies, for admins with `platform.configure`; and the app's version check (C), public
 * and failing open. Every change bumps the flag's version; a write may send `expectedVersion` (409
 * FLAG_VERSION_CONFLICT when stale). A guarded flag changes only through its guarded route, which
 * repeats the key, states a reason and names the version read (409 FLAG_GUARDED elsewhere).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { AbTest, AppPlatform, AppVersionPolicy, Bool, Body, Experiment, ExperimentStatus, FeatureFlag, FlagAudience, FlagKey, IntBetween, OneOf, Optional, PlatformFlag, Query, says, StrLength, UuidStr, Variants } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, OptionalAuthenticated, Requires } from "../common/index.js"

const Admin = AdminPermission("platform.configure")
const Version = IntBetween(1, 2_147_483_647)
const KeyPath = Schema.Struct({ key: FlagKey })
const ReadKeyPath = Schema.Struct({ key: StrLength(1, 80) })
const PlatformPath = Schema.Struct({ platform: AppPlatform })
const Reason = StrLength(10, 500)

export const PutFeatureFlagBody = Body({
  enabled: Bool,
  description: Optional(FeatureFlag.fields.description),
  guarded: Optional(Bool),
  expectedVersion: Optional(Version)
}).annotations({ identifier: "PutFeatureFlagDto" })

export const FlagAudienceBody = Body({
  percentage: FlagAudience.fields.percentage,
  includeUserIds: FlagAudience.fields.includeUserIds,
  excludeUserIds: FlagAudience.fields.excludeUserIds,
  expectedVersion: Optional(Version)
}).annotations({ identifier: "FlagAudienceDto" })

export const PreviewAudienceBody = Body({
  percentage: Optional(FlagAudience.fields.percentage),
  includeUserIds: Optional(FlagAudience.fields.includeUserIds),
  excludeUserIds: Optional(FlagAudience.fields.excludeUserIds)
}).annotations({ identifier: "PreviewFlagAudienceDto" })

export const AudiencePreviewView = Schema.Struct({
  key: Schema.String,
  enabled: Schema.Boolean,
  audience: FlagAudience,
  totalUsers: Schema.Int,
  eligibleUsers: Schema.Int,
  sample: Schema.Array(Schema.Struct({ id: Schema.String, name: Schema.NullOr(Schema.String) }))
}).annotations({ identifier: "FlagAudiencePreview" })

const Confirmation = {
  confirmKey: StrLength(1, 80),
  reason: Reason,
  expectedVersion: Version
}

export const GuardedFeatureFlagBody = Body({
  ...Confirmation,
  enabled: Optional(Bool),
  guarded: Optional(Bool),
  description: Optional(FeatureFlag.fields.description),
  audience: Optional(Body(FlagAudience.fields))
}).annotations({ identifier: "GuardedFeatureFlagChangeDto" })

export const PlatformFlagView = Schema.Struct({
  ...PlatformFlag.fields,
  /** With `userId` in the list query: whether the flag is on for that user (enabled and inside the rollout). */
  activeForUser: Schema.NullOr(Schema.Boolean)
}).annotations({ identifier: "PlatformFlagView" })

export const CreatePlatformFlagBody = Body({
  key: FlagKey,
  description: Optional(PlatformFlag.fields.description),
  enabled: Optional(Bool),
  rolloutPercentage: Optional(PlatformFlag.fields.rolloutPercentage),
  guarded: Optional(Bool)
}).annotations({ identifier: "CreatePlatformFlagDto" })

export const PlatformRolloutBody = Body({
  rolloutPercentage: PlatformFlag.fields.rolloutPercentage,
  enabled: Optional(Bool),
  expectedVersion: Optional(Version)
}).annotations({ identifier: "PlatformFlagRolloutDto" })

export const GuardedPlatformFlagBody = Body({
  key: FlagKey,
  ...Confirmation,
  enabled: Optional(Bool),
  rolloutPercentage: Optional(PlatformFlag.fields.rolloutPercentage),
  guarded: Optional(Bool),
  description: Optional(PlatformFlag.fields.description),
  remove: Optional(Bool)
}).annotations({ identifier: "GuardedPlatformFlagChangeDto" })

const FlagKind = OneOf("feature", "platform")

export const CanonicalFlagView = Schema.Struct({
  key: Schema.String,
  kind: FlagKind,
  owner: Schema.String,
  description: Schema.String,
  defaultEnabled: Schema.Boolean,
  guarded: Schema.Boolean
}).annotations({ identifier: "CanonicalFlag" })

export const FlagInventoryEntryView = Schema.Struct({
  key: Schema.String,
  canonical: Schema.Boolean,
  kind: FlagKind,
  owner: Schema.NullOr(Schema.String),
  description: Schema.String,
  defaultEnabled: Schema.NullOr(Schema.Boolean),
  state: Schema.Literal("CONFIGURED", "DEFAULT", "ORPHAN"),
  effectiveEnabled: Schema.Boolean,
  featureFlag: Schema.NullOr(Schema.Struct({ enabled: Schema.Boolean, guarded: Schema.Boolean, audience: FlagAudience, version: Schema.Int, updatedAt: FeatureFlag.fields.updatedAt })),
  platformFlag: Schema.NullOr(Schema.Struct({ enabled: Schema.Boolean, guarded: Schema.Boolean, rolloutPercentage: Schema.Int, version: Schema.Int, updatedAt: PlatformFlag.fields.updatedAt }))
}).annotations({ identifier: "FlagInventoryEntry" })

export const FlagInventoryView = Schema.Struct({
  items: Schema.Array(FlagInventoryEntryView),
  total: Schema.Int,
  configured: Schema.Int,
  defaults: Schema.Int,
  orphans: Schema.Int
}).annotations({ identifier: "FlagInventory" })

export const MutationCheckBody = Body({
  key: FlagKey,
  kind: FlagKind,
  operation: OneOf("update", "create", "delete"),
  enabled: Optional(Bool),
  rolloutPercentage: Optional(PlatformFlag.fields.rolloutPercentage),
  guarded: Optional(Bool),
  expectedVersion: Optional(Version)
}).annotations({ identifier: "FlagMutationCheckDto" })

export const MutationCheckView = Schema.Struct({
  key: Schema.String,
  kind: FlagKind,
  operation: Schema.String,
  allowed: Schema.Boolean,
  requiresGuarded: Schema.Boolean,
  currentVersion: Schema.NullOr(Schema.Int),
  reasons: Schema.Array(Schema.String),
  warnings: Schema.Array(Schema.String)
}).annotations({ identifier: "FlagMutationCheck" })

export class FeatureFlagsGroup extends HttpApiGroup.make("featureFlags")
  .add(op.get("listFeatureFlags", "/v2/admin/feature-flags", { ok: Schema.Array(FeatureFlag), summary: "Every configured feature flag, by key" }))
  .add(op.get("listCanonicalFlags", "/v2/admin/feature-flags/canonical", { ok: Schema.Array(CanonicalFlagView), summary: "The catalog of flag keys the code knows, with owners, descriptions, defaults and whether they are guarded" }))
  .add(op.get("getCanonicalFlag", "/v2/admin/feature-flags/canonical/:key", { path: ReadKeyPath, ok: CanonicalFlagView, summary: "One catalog entry (404 FLAG_NOT_FOUND)" }))
  .add(op.get("flagInventory", "/v2/admin/feature-flags/inventory", { ok: FlagInventoryView, summary: "Every known or configured key: where it is configured and its state (CONFIGURED, DEFAULT, ORPHAN)" }))
  .add(op.get("flagInventoryEntry", "/v2/admin/feature-flags/inventory/:key", { path: ReadKeyPath, ok: FlagInventoryEntryView, summary: "One key's inventory entry (404 FLAG_NOT_FOUND when neither known nor configured)" }))
  .add(op.post("checkFlagMutation", "/v2/admin/feature-flags/mutation-check", { body: MutationCheckBody, ok: MutationCheckView, summary: "Whether a proposed flag change would be accepted as sent, with every reason it would not; changes nothing" }))
  .add(op.put("putFeatureFlag", "/v2/admin/feature-flags/:key", { path: KeyPath, body: PutFeatureFlagBody, ok: FeatureFlag, summary: "Create or change a feature flag (409 FLAG_GUARDED for a guarded one, FLAG_VERSION_CONFLICT for a stale expectedVersion)" }))
  .add(op.put("putFeatureFlagAudience", "/v2/admin/feature-flags/:key/audience", { path: KeyPath, body: FlagAudienceBody, ok: FeatureFlag, summary: "Replace who the flag is on for: a percentage by deterministic user bucket, users always in, users never in" }))
  .add(op.post("previewFeatureFlagAudience", "/v2/admin/feature-flags/:key/audience/preview", { path: KeyPath, body: PreviewAudienceBody, ok: AudiencePreviewView, summary: "Count the athletes the stored (or a proposed) audience would take in, with a sample of them" }))
  .add(op.post("guardedFeatureFlagChange", "/v2/admin/feature-flags/:key/guarded", { path: KeyPath, body: GuardedFeatureFlagBody, ok: FeatureFlag, summary: "Change any flag deliberately: the key repeated in confirmKey, a reason (audited) and the version read" }))
  .middleware(Authenticated)
  .annotate(Requires, Admin)
  .annotate(OpenApi.Title, "Feature flags")
{}

export class PlatformFlagsGroup extends HttpApiGroup.make("platformFlags")
  .add(op.get("listPlatformFlags", "/v2/admin/platform-feature-flags", { query: Query({ userId: Optional(UuidStr) }), ok: Schema.Array(PlatformFlagView), summary: "Every platform flag; with userId, whether each is on for that user" }))
  .add(op.post("createPlatformFlag", "/v2/admin/platform-feature-flags", { body: CreatePlatformFlagBody, ok: PlatformFlagView, status: 201, summary: "Create a platform flag (rollout 0 unless given; 409 PLATFORM_FLAG_EXISTS)" }))
  .add(op.post("guardedPlatformFlagChange", "/v2/admin/platform-feature-flags/guarded", { body: GuardedPlatformFlagBody, ok: PlatformFlagView, summary: "Change or remove any platform flag deliberately: the key repeated in confirmKey, a reason (audited) and the version read" }))
  .add(op.del("deletePlatformFlag", "/v2/admin/platform-feature-flags/:key", { path: KeyPath, ok: PlatformFlagView, summary: "Delete a platform flag (409 FLAG_GUARDED for a guarded one)" }))
  .add(op.patch("setPlatformFlagRollout", "/v2/admin/platform-feature-flags/:key/rollout", { path: KeyPath, body: PlatformRolloutBody, ok: PlatformFlagView, summary: "Set the rollout percentage (users by deterministic bucket of their id; raising it only adds users)" }))
  .middleware(Authenticated)
  .annotate(Requires, Admin)
  .annotate(OpenApi.Title, "Platform feature flags")
{}

export const UpdateAppVersionPolicyBody = Body({
  minimumVersion: Optional(StrLength(1, 100)),
  latestVersion: Optional(StrLength(1, 100)),
  storeUrl: Optional(Schema.NullOr(StrLength(1, 2048))),
  message: Optional(Schema.NullOr(StrLength(1, 500)))
}).annotations({ identifier: "UpdateAppVersionPolicyDto" })

export const AppVersionImpactView = Schema.Struct({
  platform: AppPlatform,
  proposedMinimumVersion: Schema.String,
  currentMinimumVersion: Schema.String,
  latestVersion: Schema.String,
  aboveLatest: Schema.Boolean,
  usersRecorded: Schema.Int,
  usersForced: Schema.Int,
  forcedPercent: Schema.Number,
  byVersion: Schema.Array(Schema.Struct({ version: Schema.String, users: Schema.Int, comparable: Schema.Boolean, forced: Schema.Boolean }))
}).annotations({ identifier: "AppVersionImpact" })

export class AppVersionPoliciesGroup extends HttpApiGroup.make("appVersionPolicies")
  .add(op.get("listAppVersionPolicies", "/v2/admin/app-version-policies", { ok: Schema.Array(AppVersionPolicy), summary: "Both platforms' policies" }))
  .add(op.patch("updateAppVersionPolicy", "/v2/admin/app-version-policies/:platform", { path: PlatformPath, body: UpdateAppVersionPolicyBody, ok: AppVersionPolicy, summary: "Update a platform's minimum (force) and latest (soft) versions (400 on a bad semantic version or minimum above latest)" }))
  .add(op.get("appVersionImpact", "/v2/admin/app-version-policies/:platform/impact", { path: PlatformPath, query: Query({ minimumVersion: StrLength(1, 100) }), ok: AppVersionImpactView, summary: "How many athletes, by last-seen app version, a proposed minimum would force to update" }))
  .middleware(Authenticated)
  .annotate(Requires, Admin)
  .annotate(OpenApi.Title, "App versions")
{}

export const VersionCheckView = Schema.Struct({
  platform: AppPlatform,
  version: Schema.String,
  update: Schema.Literal("force", "soft", "none"),
  minimumVersion: Schema.NullOr(Schema.String),
  latestVersion: Schema.NullOr(Schema.String),
  storeUrl: Schema.NullOr(Schema.String),
  message: Schema.NullOr(Schema.String)
}).annotations({ identifier: "AppVersionCheck" })

export class AppVersionCheckGroup extends HttpApiGroup.make("appVersionCheck")
  .add(op.get("appVersionCheck", "/v2/app/version-check", { query: Query({ platform: AppPlatform, version: StrLength(1, 100) }), ok: VersionCheckView, summary: "Force, soft or no update for the app's version; fails open (an unreadable version or policy answers none)" }).middleware(OptionalAuthenticated))
  .annotate(OpenApi.Title, "App")
{}

export const PutAbTestBody = Body({
  name: AbTest.fields.name,
  description: Optional(AbTest.fields.description),
  enabled: Bool,
  variants: Variants,
  expectedVersion: Optional(Version)
}).annotations({ identifier: "PutAbTestDto" })

export const CreateExperimentBody = Body({
  key: FlagKey,
  name: Experiment.fields.name,
  hypothesis: Optional(Experiment.fields.hypothesis),
  metric: Experiment.fields.metric,
  variants: Variants
}).annotations({ identifier: "CreateExperimentDto" })

export const UpdateExperimentBody = Body({
  name: Optional(Experiment.fields.name),
  hypothesis: Optional(Experiment.fields.hypothesis),
  metric: Optional(Experiment.fields.metric),
  variants: Optional(Variants),
  status: Optional(OneOf("RUNNING", "PAUSED", "COMPLETED")),
  expectedVersion: Optional(Version)
}).annotations({ identifier: "UpdateExperimentDto" })

const ZTest = Schema.Struct({
  controlRate: Schema.Number,
  variantRate: Schema.Number,
  absoluteLift: Schema.Number,
  relativeLift: Schema.NullOr(Schema.Number),
  zScore: Schema.Number,
  pValue: Schema.Number,
  confidenceLevel: Schema.Number,
  significant: Schema.Boolean
}).annotations({ identifier: "SignificanceResult" })

export const ExperimentResultsView = Schema.Struct({
  key: Schema.String,
  status: ExperimentStatus,
  metric: Schema.String,
  control: Schema.String,
  totalExposures: Schema.Int,
  variants: Schema.Array(Schema.Struct({
    variant: Schema.String,
    weight: Schema.Int,
    exposures: Schema.Int,
    conversions: Schema.Int,
    conversionRate: Schema.Number,
    comparison: Schema.NullOr(ZTest)
  }))
}).annotations({ identifier: "ExperimentResults" })

const ArmBody = Body({ exposures: IntBetween(1, 1_000_000_000), conversions: IntBetween(0, 1_000_000_000) })
export const SignificanceBody = Body({
  control: ArmBody,
  variant: ArmBody,
  confidenceLevel: Optional(Schema.Literal(0.9, 0.95, 0.99).annotations(says("must be one of the following values: 0.9, 0.95, 0.99")))
}).annotations({ identifier: "SignificanceDto" })

const ExperimentPath = Schema.Struct({ key: StrLength(1, 80) })

export class AbTestsGroup extends HttpApiGroup.make("abTests")
  .add(op.get("listAbTests", "/v2/admin/ab-tests", { ok: Schema.Array(AbTest), summary: "Every A/B test, by key" }))
  .add(op.put("putAbTest", "/v2/admin/ab-tests/:key", { path: KeyPath, body: PutAbTestBody, ok: AbTest, summary: "Create or replace an A/B test: 2 to 10 variants whose weights add up to 100 (409 FLAG_VERSION_CONFLICT on a stale expectedVersion)" }))
  .middleware(Authenticated)
  .annotate(Requires, Admin)
  .annotate(OpenApi.Title, "A/B tests")
{}

export class ExperimentsGroup extends HttpApiGroup.make("experiments")
  .add(op.get("listExperiments", "/v2/admin/experiments", { query: Query({ status: Optional(ExperimentStatus) }), ok: Schema.Array(Experiment), summary: "Every experiment, by key (filter by status)" }))
  .add(op.post("createExperiment", "/v2/admin/experiments", { body: CreateExperimentBody, ok: Experiment, status: 201, summary: "Create a DRAFT experiment (409 EXPERIMENT_EXISTS)" }))
  .add(op.post("experimentSignificance", "/v2/admin/experiments/significance", { body: SignificanceBody, ok: ZTest, summary: "Two-proportion z-test (pooled, two-sided) of a variant's conversions against the control's" }))
  .add(op.get("getExperiment", "/v2/admin/experiments/:key", { path: ExperimentPath, ok: Experiment, summary: "One experiment (404 EXPERIMENT_NOT_FOUND)" }))
  .add(op.patch("updateExperiment", "/v2/admin/experiments/:key", { path: ExperimentPath, body: UpdateExperimentBody, ok: Experiment, summary: "Change an experiment or its status (RUNNING, PAUSED, COMPLETED; 409 EXPERIMENT_MOVE_REFUSED, EXPERIMENT_LOCKED for variants once started)" }))
  .add(op.del("deleteExperiment", "/v2/admin/experiments/:key", { path: ExperimentPath, ok: Experiment, summary: "Delete an experiment that is not running, with its recorded events (409 EXPERIMENT_RUNNING)" }))
  .add(op.get("experimentResults", "/v2/admin/experiments/:key/results", { path: ExperimentPath, ok: ExperimentResultsView, summary: "Distinct users exposed and converted per variant, each variant tested against the control (the first)" }))
  .middleware(Authenticated)
  .annotate(Requires, Admin)
  .annotate(OpenApi.Title, "Experiments")
{}
