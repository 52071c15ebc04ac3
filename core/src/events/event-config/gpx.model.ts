/**
 * Reading a course from a GPX file: the track points (`trkpt`, else route points `rtept`) in file
 * order, the length along them by the haversine formula on the mean Earth radius, and the climb
 * and descent as the sums of the rises and falls between consecutive elevations. Pure, so the
 * upload use case and its tests share it.
 */

/** Mean Earth radius (IUGG), metres. */
const EarthRadiusMeters = 6_371_008.8

export interface TrackPoint {
  readonly latitude: number
  readonly longitude: number
  readonly elevation: number | null
}

export interface TrackSummary {
  readonly name: string | null
  readonly points: ReadonlyArray<TrackPoint>
  readonly distanceMeters: number
  readonly elevationGainMeters: number
  readonly elevationLossMeters: number
  readonly minElevationMeters: number | null
  readonly maxElevationMeters: number | null
}

const radians = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle distance between two points, metres. */
export const haversineMeters = (a: Pick<TrackPoint, "latitude" | "longitude">, b: Pick<TrackPoint, "latitude" | "longitude">): number => {
  const dLat = radians(b.latitude - a.latitude)
  const dLon = radians(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * EarthRadiusMeters * Math.asin(Math.min(1, Math.sqrt(h)))
}

const attribute = (tag: string, name: string): number | undefined => {
  const m = new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`).exec(tag)
  if (m === null) return undefined
  const n = Number(m[1])
  return m[1]!.trim() !== "" && Number.isFinite(n) ? n : undefined
}

const decodeEntities = (s: string) =>
  s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, "\"").replace(/&apos;/g, "'").replace(/&amp;/g, "&")

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits

/**
 * The track of a GPX document, or why it is not one: not a `<gpx>` document, a point outside the
 * coordinate ranges, or fewer than two points.
 */
export const parseGpx = (text: string): { readonly track: TrackSummary } | { readonly error: string } => {
  const body = text.replace(/<!--[\s\S]*?-->/g, "")
  if (!/<gpx[\s>]/i.test(body)) return { error: "file must be a GPX document" }
  const pointsOf = (element: "trkpt" | "rtept") =>
    [...body.matchAll(new RegExp(`<${element}\\b([^>]*?)(/>|>([\\s\\S]*?)</${element}\\s*>)`, "gi"))]
  const matches = pointsOf("trkpt").length > 0 ? pointsOf("trkpt") : pointsOf("rtept")
  const points: Array<TrackPoint> = []
  for (const m of matches) {
    const latitude = attribute(m[1]!, "lat")
    const longitude = attribute(m[1]!, "lon")
    if (latitude === undefined || longitude === undefined || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      return { error: "file has a track point without a valid lat and lon" }
    }
    const ele = /<ele>\s*([^<]*?)\s*<\/ele>/i.exec(m[3] ?? "")
    const elevation = ele === null || ele[1] === "" || !Number.isFinite(Number(ele[1])) ? null : Number(ele[1])
    points.push({ latitude, longitude, elevation })
  }
  if (points.length < 2) return { error: "file must contain a track of at least two points" }
  let distance = 0
  let gain = 0
  let loss = 0
  let previousElevation: number | null = null
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!
    if (i > 0) distance += haversineMeters(points[i - 1]!, p)
    if (p.elevation !== null) {
      if (previousElevation !== null) {
        const rise = p.elevation - previousElevation
        if (rise > 0) gain += rise
        else loss -= rise
      }
      previousElevation = p.elevation
    }
  }
  const elevations = points.flatMap((p) => (p.elevation === null ? [] : [p.elevation]))
  const name = /<(?:trk|rte|metadata)>[\s\S]*?<name>\s*([^<]*?)\s*<\/name>/i.exec(body)?.[1]
  return {
    track: {
      name: name === undefined || name === "" ? null : decodeEntities(name).slice(0, 150),
      points,
      distanceMeters: round(distance, 1),
      elevationGainMeters: round(gain, 1),
      elevationLossMeters: round(loss, 1),
      minElevationMeters: elevations.length === 0 ? null : elevations.reduce((a, b) => Math.min(a, b)),
      maxElevationMeters: elevations.length === 0 ? null : elevations.reduce((a, b) => Math.max(a, b))
    }
  }
}
