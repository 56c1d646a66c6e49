/**
 * Every query key in the app, one factory per resource. Keys nest from broad to narrow, so
 * invalidating a shorter key (`queryKeys.coaches.slots(id)`) reaches every longer one under it
 * (each session length's slots). Add a parameter at the end of a key, never in the middle.
 */
export const queryKeys = {
  /** The signed-in user's own resources; reset on every sign-in and sign-out. */
  me: {
    all: ['me'] as const,
    /** `GET /me`: the one cached copy of the profile (user type, time zone, settings). */
    profile: () => ['me', 'profile'] as const,
    sessions: () => ['me', 'sessions'] as const,
    /** One dashboard section (`upcoming` or `past`), paged by the server's cursor. */
    sessionsIn: (when: string) => ['me', 'sessions', { when }] as const,
    availability: () => ['me', 'availability'] as const,
    /** The setup checklist of `GET /me/publication`. */
    publication: () => ['me', 'publication'] as const,
    freeConsultation: (coachId: string) => ['me', 'free-consultations', coachId] as const,
    /** `GET /me/sign-in-methods`: whether the account has a password, and its linked providers. */
    signInMethods: () => ['me', 'sign-in-methods'] as const,
    /** Amplify's fetchMFAPreference: whether two-step verification (an authenticator app) is on. */
    mfaPreference: () => ['me', 'mfa-preference'] as const,
    /** `GET /me/calendars`: the mentor's Google and Microsoft calendar connections. */
    calendars: () => ['me', 'calendars'] as const,
    /** `GET /me/unread`: the header's badge. */
    unread: () => ['me', 'unread'] as const,
    conversations: () => ['me', 'conversations'] as const,
    /** One thread's messages loaded so far, oldest first (grown by polling with `after`). */
    conversationMessages: (conversationId: string) => ['me', 'conversations', conversationId, 'messages'] as const,
    /** `GET /me/contacts/{userId}`: whether the caller may message that member. */
    contact: (userId: string) => ['me', 'contacts', userId] as const,
    /** `GET /me/subscriptions`: the mentorship plans the user pays for or coaches. */
    subscriptions: () => ['me', 'subscriptions'] as const,
    /** `GET /me/earnings`: a coach's held, owed and transferred money. */
    earnings: () => ['me', 'earnings'] as const,
    /** `GET /me/verification`: the NPI registry check. */
    verification: () => ['me', 'verification'] as const,
  },
  /** The public directory and coach pages. */
  coaches: {
    all: ['coaches'] as const,
    lists: () => ['coaches', 'list'] as const,
    list: (filters: object) => ['coaches', 'list', filters] as const,
    detail: (coachId: string) => ['coaches', 'detail', coachId] as const,
    slots: (coachId: string) => ['coaches', 'slots', coachId] as const,
    slotsOfLength: (coachId: string, minutes: number, kind: 'paid' | 'free') =>
      ['coaches', 'slots', coachId, minutes, kind] as const,
    ratings: (coachId: string) => ['coaches', 'ratings', coachId] as const,
    ratingsSorted: (coachId: string, sort: string) => ['coaches', 'ratings', coachId, { sort }] as const,
    externalEvent: (coachId: string, uri: string | null) => ['coaches', 'external-events', coachId, uri] as const,
  },
  sessions: {
    detail: (sessionId: string) => ['sessions', sessionId] as const,
  },
};
