/** Pages of club records on the wire, for records whose wire shape differs from the record. */
export const pageView = <A, B>(found: { readonly items: ReadonlyArray<A>; readonly total: number; readonly page: number; readonly limit: number }, view: (a: A) => B) => ({
  items: found.items.map(view),
  total: found.total,
  page: found.page,
  limit: found.limit
})
