/** Readers shared by the configuration sections: optional text and all-or-nothing variable groups. */
import { Config, ConfigError, Effect, Option } from "effect"

/** A variable that counts as unset when empty or blank. */
export const optionalText = (name: string) =>
  Config.option(Config.string(name)).pipe(Effect.map(Option.filter((v) => v.trim().length > 0)))

/** Reads one channel: all of `names` set → Some, none set → None, some set → fails naming the first missing one. */
export const channelSettings = <const K extends string>(
  names: Readonly<Record<K, string>>,
  urlKey: NoInfer<K>
): Effect.Effect<Option.Option<Record<K, string>>, ConfigError.ConfigError> =>
  Effect.gen(function*() {
    const values: Partial<Record<K, string>> = {}
    for (const key of Object.keys(names) as Array<K>) {
      const v = yield* optionalText(names[key])
      if (Option.isSome(v)) values[key] = v.value.trim()
    }
    const present = Object.keys(values).length
    if (present === 0) return Option.none()
    const missing = (Object.keys(names) as Array<K>).find((k) => values[k] === undefined)
    if (missing !== undefined) {
      return yield* Effect.fail(ConfigError.MissingData([names[missing]], `${names[missing]} is required when ${Object.values<string>(names).join(", ")} are used`))
    }
    if (!/^https?:\/\//.test(values[urlKey]!)) {
      return yield* Effect.fail(ConfigError.InvalidData([names[urlKey]], "Expected an http:// or https:// URL"))
    }
    return Option.some(values as Record<K, string>)
  })
