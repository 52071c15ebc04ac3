/**
 * A challenge as an iCalendar file (RFC 5545): one VEVENT from its start to its end, written in the
 * challenge's own time zone (`DTSTART;TZID=…`) with the VTIMEZONE that TZID needs, built from the
 * zone's real offsets (every offset change between a year before the start and the end becomes an
 * observance), so calendars show the local times the creator meant.
 */
import type { Challenge } from "@podium/kernel"

const pad = (n: number, width = 2) => String(n).padStart(width, "0")

/** Wall-clock parts of `at` in `timeZone`. */
const localParts = (at: Date, timeZone: string) => {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit"
  }).formatToParts(at)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? "0")
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour") % 24, minute: get("minute"), second: get("second") }
}

/** Offset of `timeZone` from UTC at `at`, in minutes (east positive). */
const offsetMinutes = (at: Date, timeZone: string): number => {
  const p = localParts(at, timeZone)
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000)
}

const localStamp = (at: Date, timeZone: string) => {
  const p = localParts(at, timeZone)
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`
}

const utcStamp = (at: Date) =>
  `${pad(at.getUTCFullYear(), 4)}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`

const offsetText = (minutes: number) => {
  const sign = minutes < 0 ? "-" : "+"
  const abs = Math.abs(minutes)
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`
}

/** The instants in [from, to] at which the zone's offset changes (found hourly, then to the second). */
const transitions = (from: Date, to: Date, timeZone: string): ReadonlyArray<{ readonly at: Date; readonly before: number; readonly after: number }> => {
  const hour = 3_600_000
  const found: Array<{ at: Date; before: number; after: number }> = []
  let previous = offsetMinutes(from, timeZone)
  for (let t = from.getTime() + hour; t <= to.getTime() + hour; t += hour) {
    const current = offsetMinutes(new Date(t), timeZone)
    if (current !== previous) {
      let lo = t - hour
      let hi = t
      while (hi - lo > 1000) {
        const mid = Math.floor((lo + hi) / 2000) * 1000
        if (offsetMinutes(new Date(mid), timeZone) === previous) lo = mid
        else hi = mid
      }
      found.push({ at: new Date(hi), before: previous, after: current })
      previous = current
    }
  }
  return found
}

/** Escapes TEXT values (RFC 5545 3.3.11). */
const text = (s: string) => s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n")

/** Folds a content line at 75 octets (RFC 5545 3.1). */
const fold = (line: string): string => {
  const bytes = new TextEncoder().encode(line)
  if (bytes.length <= 75) return line
  const out: Array<string> = []
  let current = ""
  let size = 0
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length
    if (size + n > (out.length === 0 ? 75 : 74)) {
      out.push(current)
      current = ""
      size = 0
    }
    current += ch
    size += n
  }
  out.push(current)
  return out.join("\r\n ")
}

/** The VTIMEZONE of `timeZone` covering [from, to]. */
const vtimezone = (timeZone: string, from: Date, to: Date): ReadonlyArray<string> => {
  const start = new Date(from.getTime() - 366 * 86_400_000)
  const changes = transitions(start, to, timeZone)
  const initial = offsetMinutes(start, timeZone)
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`]
  // The offset in force at the window's start, then one observance per change within it.
  lines.push("BEGIN:STANDARD", `DTSTART:${localStamp(start, timeZone)}`, `TZOFFSETFROM:${offsetText(initial)}`, `TZOFFSETTO:${offsetText(initial)}`, "END:STANDARD")
  for (const change of changes) {
    const kind = change.after > change.before ? "DAYLIGHT" : "STANDARD"
    lines.push(
      `BEGIN:${kind}`,
      // The wall-clock time of the change as read before it (RFC 5545 3.6.5: in TZOFFSETFROM).
      `DTSTART:${utcStamp(new Date(change.at.getTime() + change.before * 60_000)).slice(0, -1)}`,
      `TZOFFSETFROM:${offsetText(change.before)}`,
      `TZOFFSETTO:${offsetText(change.after)}`,
      `END:${kind}`
    )
  }
  lines.push("END:VTIMEZONE")
  return lines
}

/** The challenge's `calendar.ics`; `now` is the DTSTAMP. */
export const challengeCalendar = (challenge: Challenge, now: Date): string => {
  const zone = challenge.timeZone
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Podium//Challenges//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...vtimezone(zone, challenge.startsAt, challenge.endsAt),
    "BEGIN:VEVENT",
    `UID:challenge-${challenge.id}@podium`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${zone}:${localStamp(challenge.startsAt, zone)}`,
    `DTEND;TZID=${zone}:${localStamp(challenge.endsAt, zone)}`,
    `SUMMARY:${text(challenge.title)}`,
    ...(challenge.description.length > 0 ? [`DESCRIPTION:${text(challenge.description)}`] : []),
    `STATUS:${challenge.status === "CANCELLED" ? "CANCELLED" : "CONFIRMED"}`,
    ...(challenge.tags.length > 0 ? [`CATEGORIES:${challenge.tags.map(text).join(",")}`] : []),
    "END:VEVENT",
    "END:VCALENDAR"
  ]
  return `${lines.map(fold).join("\r\n")}\r\n`
}
