import type { ProfileItem } from './profile-item';

/*
 * What the domain needs of the world, declared here at the bottom: the table (data/), the media
 * bucket and the mailer (adapters/) implement these, and domain code never imports those.
 */

export interface ProfileStore {
  get(userId: string): Promise<ProfileItem | null>;
  /** Stores the profile unless its user already has one; answers with what is stored either way. */
  createOnce(profile: ProfileItem): Promise<{ profile: ProfileItem; created: boolean }>;
  /** Applies `change` to the stored profile and stores the result; null when there is no profile. */
  update(userId: string, change: (current: ProfileItem) => ProfileItem): Promise<ProfileItem | null>;
}

/** The media bucket (headshots), as the API needs it once a file is there (uploads: adapters/media-upload.ts). */
export interface MediaStore {
  /** The object's size, or null when there is no such object. */
  head(key: string): Promise<{ size: number } | null>;
  getBytes(key: string): Promise<Buffer>;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes these objects; keys that do not exist are fine. */
  remove(keys: readonly string[]): Promise<void>;
}

/** A condition S3 checks against a presigned POST's signed policy (as @aws-sdk/s3-presigned-post types it). */
export type UploadCondition =
  | ['eq' | 'starts-with', string, string]
  | ['content-length-range', number, number]
  | Record<string, string>;

/** What a browser may upload, and where: the conditions S3 checks against the signed policy. */
export interface UploadPolicy {
  key: string;
  fields: Record<string, string>;
  conditions: UploadCondition[];
  expiresSeconds: number;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface UserInfo {
  sub: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
}
