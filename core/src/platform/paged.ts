/** The shape every repository list answers with, and the window it is asked for (one definition for all contexts). */
export interface Paged<A> {
  readonly items: ReadonlyArray<A>
  readonly total: number
}

export interface PageWindow {
  readonly limit: number
  readonly offset: number
}
