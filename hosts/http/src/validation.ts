/**
 * Turns schema decode issues into the spec's 400 message list ("phoneNumber must be a valid phone
 * number"): the field path, a space, then the predicate text the schema carries.
 */
interface Issue {
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
}

const startsWithPredicate = /^(must|should|is|are|has|have|cannot|can not)\b/

export const issueMessage = (issue: Issue): string => {
  const path = issue.path.map(String).join(".")
  if (path === "") return issue.message
  return startsWithPredicate.test(issue.message) ? `${path} ${issue.message}` : `${path}: ${issue.message}`
}

/** Unique messages in order of appearance. */
export const issueMessages = (issues: ReadonlyArray<Issue>): Array<string> => [...new Set(issues.map(issueMessage))]
