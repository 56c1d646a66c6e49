/** The text a failure toast shows: the service's own message, else the spec's fallback. */
export const errorMessage = (error: unknown, fallback = 'An unexpected error occurred') =>
  error instanceof Error && error.message ? error.message : fallback;
