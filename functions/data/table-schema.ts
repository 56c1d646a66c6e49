/**
 * The single table's key schema, shared by the CDK data construct and the local stack's
 * CreateTable so the two can never drift. Access patterns: functions/data/README.md.
 */
export const tableSchema = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'expiresAt',
  indexes: {
    /** Sessions by coach in time order; ratings by coach in time order. */
    byOwner: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** Sessions by mentee in time order. */
    byParty: { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    /** Sparse: only published coaches carry `dirpk` (one of 16 shards), projecting just the directory card. */
    directory: { name: 'directory', partitionKey: 'dirpk', sortKey: 'dirsk' },
    /**
     * Sparse, keys only: sessions by end whose money the daily settlement sweep has not yet seen
     * settled (one partition: each session leaves it a few days after its end, or stays while stuck).
     */
    settlement: { name: 'settlement', partitionKey: 'settlepk', sortKey: 'settlesk' },
    /**
     * Sparse, support's lookups in one index (CloudFormation adds one index per table update, so
     * features share one): every profile by its lowercased full name, in the partition of the name's
     * first character (`NAME#<c>`: a prefix search reads one partition, writes spread over many),
     * and the disputed sessions support has not yet resolved, by when they were disputed (`DISPUTES#OPEN`).
     */
    support: { name: 'support', partitionKey: 'supportpk', sortKey: 'supportsk' },
  },
  /**
   * Attributes the directory index projects beyond the keys: at most 20 (DynamoDB's limit), so
   * the user id is read from the table key instead. Bios only as the card's short excerpts, so a
   * cold start reads the same few hundred bytes per coach however long the bios are.
   */
  /** Attributes the support index projects beyond the keys: what a name search's result shows. */
  nameProjection: ['email', 'firstName', 'lastName', 'userType'],
  /** The table's stream carries each write's old and new item (data/directory-stream.ts compares them). */
  streamViewType: 'NEW_AND_OLD_IMAGES',
  directoryProjection: [
    'firstName',
    'lastName',
    'credentials',
    'subtitle',
    'specialty',
    'secondarySpecialty',
    'experience',
    'location',
    'hourlyRateCents',
    'coachBioExcerpt',
    'bioExcerpt',
    'areasOfInterest',
    'languages',
    'timezone',
    'headshotUrl',
    'averageRating',
    'totalRatings',
    'offersFreeConsult',
    'freeConsultMinutes',
    'calendlyUrl',
  ],
} as const;
