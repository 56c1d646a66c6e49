/** Where sign-in sends the user back to: `/login?next=/coaches/…`. */
const RETURN_PARAMETER = 'next';

/** The sign-in page that returns to `path` afterwards. */
export const signInReturningTo = (path: string) => `/login?${new URLSearchParams({ [RETURN_PARAMETER]: path })}`;

/**
 * The page to go to after signing in: the one the link named when it is a path on this site (never
 * another origin, `//host` or `/\host`), else home (spec section 4: a successful sign-in goes to /).
 */
export function returnPathFrom(params: URLSearchParams): string {
  const path = params.get(RETURN_PARAMETER);
  return path?.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/';
}
