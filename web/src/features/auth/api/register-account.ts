import { type Registration, type RegistrationResult, registrationResult } from '@functions/schemas/profile';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const registerAccount = async (form: Registration): Promise<RegistrationResult> =>
  registrationResult.parse(await api.post('/registrations', form));

export const useRegisterAccount = () => useMutation({ mutationFn: registerAccount });
