import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

export type ModerationStatus = 'approved' | 'rejected';

/** Built once per process: compiling the English dataset is the expensive part. */
let matcher: RegExpMatcher | undefined;

const profanityMatcher = () => {
  matcher ??= new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  return matcher;
};

/**
 * Whether a review's text may be shown publicly. The rating itself always counts; a rejected
 * review only hides its text (spec section 8). No text at all is nothing to reject.
 */
export function moderateReview(text: string | null | undefined): ModerationStatus {
  if (!text?.trim()) return 'approved';
  return profanityMatcher().hasMatch(text) ? 'rejected' : 'approved';
}
