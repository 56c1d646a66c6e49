import type * as z from '../schemas/zod';
import { DomainError } from '../domain/errors';

export interface FieldIssue {
  field: string;
  message: string;
}

export function validate<T extends z.ZodMiniType>(
  schema: T,
  value: unknown,
  part: 'body' | 'query' | 'path',
): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details: FieldIssue[] = result.error.issues.map((issue) => ({
    field: [part, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw new DomainError('VALIDATION_FAILED', 'Some fields are missing or invalid.', details);
}
