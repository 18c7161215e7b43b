/**
 * The most bytes an import document may hold (POST /__sandbox/import, and a scenario's `data:`
 * file, which the runner imports). An export holds every service's data: more than a request body
 * of the services' own routes may. But a document is parsed and checked on the one thread every
 * request waits for (~30 ms a MiB), so an import stays small enough not to stall the servers; more
 * data goes in through the data files, which a start checks the same way (docs/controls.md).
 */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
