/** In-memory layers for every port of the core, for other teams' tests. */
export {}
