import { type Profile, profile } from '@functions/schemas/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isNotFound } from './api-client';
import { queryKeys } from './query-keys';

export const getMyProfile = async (): Promise<Profile> => profile.parse(await api.get('/me'));

/** `GET /me`, cached once for every screen; a missing profile (404) is an answer, not worth a retry. */
export const myProfileQuery = () =>
  queryOptions({
    queryKey: queryKeys.me.profile(),
    queryFn: getMyProfile,
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });

/** The signed-in user's profile; pass `enabled: false` while nobody is signed in. */
export const useMyProfile = (enabled = true) => useQuery({ ...myProfileQuery(), enabled });
