import {
  type HeadshotUpload,
  headshotUpload,
  headshotUploadRequest,
  type Profile,
  profile,
} from '@functions/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterMyPublicProfileChange } from '@/lib/cache-invalidation';
import { queryKeys } from '@/lib/query-keys';

async function postToStorage({ url, fields }: HeadshotUpload, file: File): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  // The storage service reads the file last: every policy field must come before it.
  body.append('file', file);
  const response = await fetch(url, { method: 'POST', body });
  if (!response.ok) throw new Error('The image could not be uploaded. Please try again.');
}

/** Asks for an upload slot, uploads the file straight to storage, then has the API attach it. */
export async function uploadHeadshot(file: File): Promise<Profile> {
  const request = headshotUploadRequest.parse({ contentType: file.type });
  const upload = headshotUpload.parse(await api.post('/me/headshot', request));
  await postToStorage(upload, file);
  return profile.parse(await api.put('/me/headshot', { key: upload.fields.key }));
}

export const removeHeadshot = async (): Promise<Profile> => profile.parse(await api.delete('/me/headshot'));

function useHeadshotMutation<Variables>(mutationFn: (variables: Variables) => Promise<Profile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.me.profile(), updated);
      // The photo shows on the coach's public page and directory card.
      void afterMyPublicProfileChange(queryClient, updated.userId);
    },
  });
}

export const useUploadHeadshot = () => useHeadshotMutation(uploadHeadshot);
export const useRemoveHeadshot = () => useHeadshotMutation(removeHeadshot);
