import type { CloudFrontHeaders, CloudFrontResultResponse } from 'aws-lambda';
import type { FallbackAnswer } from '../domain/page-fallback';

/** Headers CloudFront lets no origin-response function remove or change. */
const READ_ONLY_HEADERS = ['transfer-encoding', 'via'];

/** The fallback as CloudFront's origin response: its status, body and headers, keeping the read-only ones. */
export function edgeResponse(original: CloudFrontHeaders, answer: FallbackAnswer): CloudFrontResultResponse {
  const headers: CloudFrontHeaders = Object.fromEntries(
    Object.entries(original).filter(([name]) => READ_ONLY_HEADERS.includes(name)),
  );
  for (const [name, value] of Object.entries(answer.headers)) headers[name] = [{ value }];
  return {
    status: String(answer.status),
    statusDescription: answer.status === 200 ? 'OK' : 'Service Unavailable',
    headers,
    bodyEncoding: 'text',
    body: answer.body,
  };
}
