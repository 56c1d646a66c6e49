/**
 * Amplify's auth events (signedIn, signedOut, tokenRefresh…), relayed by ./amplify once it has loaded,
 * so the app shell can follow them without loading Amplify itself.
 */
const listeners = new Set<(event: string) => void>();

export function onAuthEvent(listener: (event: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceAuthEvent(event: string): void {
  for (const listener of listeners) listener(event);
}
