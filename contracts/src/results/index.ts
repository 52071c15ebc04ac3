/** Area API "results": leaderboards of event results and the publication of an event's results. */
import { AreaApi } from "../common/index.js"
import { CertificatesGroup } from "./certificates.group.js"
import { EventResultsGroup } from "./event-results.group.js"
import { LeaderboardsGroup } from "./leaderboards.group.js"
import { AttestationGroup, CharityReceiptGroup, FinisherCardGroup, MedalsGroup, ProfileCardsGroup } from "./medals.group.js"
import { CertificateVerifyGroup, MyCertificatesGroup } from "./my-certificates.group.js"
import { AdminPrizeContributionsGroup, OrganizerPrizesGroup, PublicPrizesGroup } from "./prizes.group.js"
import { ActionCenterGroup, AdminProofsGroup, OrganizerSeriesPassesGroup, SeriesPassesGroup } from "./proofs.group.js"

export * from "./certificates.group.js"
export * from "./event-results.group.js"
export * from "./leaderboards.group.js"
export * from "./medals.group.js"
export * from "./my-certificates.group.js"
export * from "./prizes.group.js"
export * from "./proofs.group.js"
export * from "./results.dto.js"

export class ResultsApi extends AreaApi
  .add(LeaderboardsGroup)
  .add(EventResultsGroup)
  .add(CertificatesGroup)
  .add(MyCertificatesGroup)
  .add(CertificateVerifyGroup)
  .add(MedalsGroup)
  .add(ProfileCardsGroup)
  .add(FinisherCardGroup)
  .add(AttestationGroup)
  .add(CharityReceiptGroup)
  .add(PublicPrizesGroup)
  .add(OrganizerPrizesGroup)
  .add(AdminPrizeContributionsGroup)
  .add(AdminProofsGroup)
  .add(ActionCenterGroup)
  .add(SeriesPassesGroup)
  .add(OrganizerSeriesPassesGroup) {}
