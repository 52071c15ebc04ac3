/**
 * Ids for the in-memory twins: ordered, UUID-shaped (version 4 layout) and unique across every twin
 * in the process, so an id made by one twin never collides with another's (an audit subject, a
 * foreign key). One counter for all of them.
 */
let sequence = 0

export const nextMemoryId = (): string => `00000000-0000-4000-8000-${(++sequence).toString(16).padStart(12, "0")}`

/** Every id issued so far, in order (a twin that must enumerate another twin's records walks these). */
export const issuedMemoryIds = (): ReadonlyArray<string> => Array.from({ length: sequence }, (_, i) => `00000000-0000-4000-8000-${(i + 1).toString(16).padStart(12, "0")}`)
