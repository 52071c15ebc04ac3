/** Challenge promo stories: the facts a promo story operation can fail with. */
import { DomainError, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"

export class PromoStoryNotFound extends DomainError<PromoStoryNotFound>()("PromoStoryNotFound", { kind: "not-found", code: "PROMO_STORY_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Promo story not found"
  }
}

/** The caption or the image broke its rule (400 with the list). */
export class PromoStoryInvalid extends InputInvalid<PromoStoryInvalid>()("PromoStoryInvalid") {}
