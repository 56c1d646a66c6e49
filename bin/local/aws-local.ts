/**
 * Fixed dummy credentials and region for every local emulator: DynamoDB Local keeps one data
 * file per key and region, so changing either would make the data seem to vanish.
 */
export const LOCAL_AWS = {
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
} as const;
