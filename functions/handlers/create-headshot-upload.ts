import { randomUUID } from 'node:crypto';
import { presignUpload } from '../adapters/media-upload';
import { headshotUploadPolicy } from '../domain/headshot';
import { httpHandler } from '../http/handler';
import { type HeadshotUpload, headshotUploadRequest } from '../schemas/profile';

export const handler = httpHandler(
  { schemas: { body: headshotUploadRequest }, auth: true },
  async ({ body, caller }) => {
    const policy = headshotUploadPolicy(caller.userId, body.contentType, randomUUID());
    const upload: HeadshotUpload = await presignUpload(policy);
    return { status: 200, body: upload };
  },
);
