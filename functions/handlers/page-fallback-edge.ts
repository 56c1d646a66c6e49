import type { CloudFrontResponseEvent, CloudFrontResultResponse } from 'aws-lambda';
import { deployedLoadingPages } from '../adapters/loading-pages';
import { fallbackAnswer, pageFallbackFor } from '../domain/page-fallback';
import { edgeResponse } from '../http/edge-response';

/** The origin-response function of the page behaviours: a throttled or failed page becomes its loading-state page. */
export function pageFallbackHandler(loadingPage = deployedLoadingPages()) {
  return async (event: CloudFrontResponseEvent): Promise<CloudFrontResultResponse> => {
    const record = event.Records[0];
    if (!record) throw new Error('An origin-response event without a record');
    const { config, request, response } = record.cf;
    const page = pageFallbackFor(Number(response.status), request.uri);
    if (!page) return response;
    return edgeResponse(response.headers, fallbackAnswer(await loadingPage(config.distributionDomainName, page)));
  };
}

export const handler = pageFallbackHandler();
