import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from '@functions/schemas/zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const eligibility = z.object({ eligible: z.boolean() });

export const getFreeConsultationEligibility = async (coachId: string) =>
  eligibility.parse(await api.get(`/me/free-consultations/${coachId}`)).eligible;

export const freeConsultationEligibilityQuery = (coachId: string) =>
  queryOptions({
    queryKey: queryKeys.me.freeConsultation(coachId),
    queryFn: () => getFreeConsultationEligibility(coachId),
  });

/** Whether the signed-in viewer may still book this coach's free consultation; only asked when it is offered. */
export const useFreeConsultationEligibility = (coachId: string, enabled: boolean) =>
  useQuery({ ...freeConsultationEligibilityQuery(coachId), enabled });
