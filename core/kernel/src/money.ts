import { Schema } from "effect"

/** ISO-4217 currency code, upper case. */
export const Currency = Schema.String.pipe(
  Schema.pattern(/^[A-Z]{3}$/, { message: () => "must be an ISO 4217 currency code" }),
  Schema.brand("Currency")
)
export type Currency = typeof Currency.Type

/** An amount in minor units (paise, cents) with its currency; never a float. */
export const Money = Schema.Struct({
  amountMinor: Schema.Int,
  currency: Currency
})
export type Money = typeof Money.Type
