import { type Profile, profile } from '@functions/schemas/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const myProfileQueryKey = ['me', 'profile'] as const;

export const getMyProfile = async (): Promise<Profile> => profile.parse(await api.get('/me'));

export const myProfileQuery = () => queryOptions({ queryKey: myProfileQueryKey, queryFn: getMyProfile });

export const useMyProfile = () => useQuery(myProfileQuery());
