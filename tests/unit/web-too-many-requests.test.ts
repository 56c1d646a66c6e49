import { TOO_MANY_REQUESTS_MESSAGE } from '@functions/domain/errors';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError } }));
const { ApiError, apiErrorOf } = await import('@/lib/api-client');
const { queryClient } = await import('@/lib/query-client');

const readable = { code: 'TOO_MANY_REQUESTS', message: TOO_MANY_REQUESTS_MESSAGE };

describe('a 429 from any layer', () => {
  it("reads the same from the WAF's JSON, API Gateway's throttle and a body that is not JSON", () => {
    const waf = { error: { code: 'TOO_MANY_REQUESTS', message: TOO_MANY_REQUESTS_MESSAGE } };
    for (const payload of [waf, { message: 'Too Many Requests' }, {}]) {
      expect(apiErrorOf(429, payload)).toMatchObject({ status: 429, ...readable });
    }
    expect(TOO_MANY_REQUESTS_MESSAGE).toBe('Too many requests. Please wait a moment and try again.');
  });

  it('leaves other answers as the API words them', () => {
    expect(apiErrorOf(409, { error: { code: 'SLOT_TAKEN', message: 'Taken.' } })).toMatchObject({ code: 'SLOT_TAKEN' });
    expect(apiErrorOf(401, { message: 'Unauthorized' })).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('the query client', () => {
  beforeEach(() => {
    toastError.mockClear();
    queryClient.clear();
  });

  it('shows one toast for refused reads and does not retry them at once', async () => {
    const queryFn = vi.fn(async () => {
      throw apiErrorOf(429, { message: 'Too Many Requests' });
    });
    await expect(queryClient.fetchQuery({ queryKey: ['coaches'], queryFn })).rejects.toBeInstanceOf(ApiError);
    await expect(queryClient.fetchQuery({ queryKey: ['me'], queryFn })).rejects.toBeInstanceOf(ApiError);
    expect(queryFn).toHaveBeenCalledTimes(2);
    // The toast waits for sonner, which the SPA loads after its first paint.
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Too Many Requests', {
        id: 'too-many-requests',
        description: TOO_MANY_REQUESTS_MESSAGE,
      }),
    );
    expect(new Set(toastError.mock.calls.map(([, options]) => options.id))).toEqual(new Set(['too-many-requests']));
  });

  it('shows no throttling toast for other failures', async () => {
    const queryFn = async () => {
      throw new ApiError(404, 'NOT_FOUND', 'Not found');
    };
    await expect(queryClient.fetchQuery({ queryKey: ['coach'], queryFn, retry: false })).rejects.toThrow('Not found');
    expect(toastError).not.toHaveBeenCalled();
  });
});
