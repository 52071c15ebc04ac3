/**
 * Environment for a host started as a child process in a test: the run's real Postgres database
 * and Redis prefix when the run has them, else the embedded defaults.
 */
export const hostEnv = async (): Promise<Record<string, string>> => {
  const env: Record<string, string> = {}
  if (process.env.PODIUM_TEST_DATABASE_URL) env.DATABASE_URL = process.env.PODIUM_TEST_DATABASE_URL
  if (process.env.PODIUM_TEST_REDIS_URL) env.REDIS_URL = process.env.PODIUM_TEST_REDIS_URL
  return env
}
