import { HEADSHOT_CONTENT_TYPES, MAX_HEADSHOT_BYTES } from '@functions/domain/headshot';
import { UserRound } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { CoachHeadshot } from '@/components/ui/coach-headshot';
import { errorMessage } from '@/lib/error-message';
import { useRemoveHeadshot, useUploadHeadshot } from '../api/headshot';

const ACCEPTED_TYPES: readonly string[] = HEADSHOT_CONTENT_TYPES;

/** The refusal the spec words for a file that must not be uploaded, or null when it may go. */
function headshotFileProblem(file: File): { title: string; description: string } | null {
  if (!ACCEPTED_TYPES.includes(file.type))
    return { title: 'Invalid File Type', description: 'Please select an image file.' };
  if (file.size > MAX_HEADSHOT_BYTES) {
    return { title: 'File Too Large', description: 'Please select an image smaller than 5MB.' };
  }
  return null;
}

export function HeadshotEditor({ headshotUrl, name }: { headshotUrl: string | null; name: string }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadHeadshot();
  const remove = useRemoveHeadshot();
  const busy = upload.isPending || remove.isPending;

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = headshotFileProblem(file);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success('Headshot Updated', { description: 'Your profile photo has been updated.' }),
      onError: (error) => toast.error('Upload Failed', { description: errorMessage(error) }),
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      {headshotUrl ? (
        <CoachHeadshot
          url={headshotUrl}
          name={name}
          alt={`Headshot of ${name}`}
          displaySize={96}
          className="h-24 w-24 rounded-full"
        />
      ) : (
        <span className="grid h-24 w-24 place-items-center rounded-full bg-slate-100 text-slate-500">
          <UserRound className="h-10 w-10" aria-hidden="true" />
        </span>
      )}
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className="inline-flex cursor-pointer items-center rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600"
          >
            {upload.isPending ? 'Uploading...' : headshotUrl ? 'Change photo' : 'Upload photo'}
            <input
              id={inputId}
              ref={input}
              type="file"
              accept="image/*"
              className="sr-only"
              disabled={busy}
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </label>
          {headshotUrl && (
            <Button
              variant="danger"
              disabled={busy}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () =>
                    toast.success('Headshot Removed', { description: 'Your profile photo has been removed.' }),
                  onError: (error) => toast.error('Remove Failed', { description: errorMessage(error) }),
                })
              }
            >
              Remove photo
            </Button>
          )}
        </div>
        <p className="text-xs text-slate-600">JPEG, PNG, WebP or GIF, up to 5MB. 400x400 or larger looks best.</p>
      </div>
    </div>
  );
}
