import { MAX_REASON_LENGTH } from '@functions/schemas/support';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { ActionRefusal } from './refusal';

/**
 * Every staff action's dialog: its own fields, the reason the audit log keeps, and, before the
 * confirm button, one sentence saying exactly what confirming does (read out again as it changes).
 * A refusal stays in the dialog, so the reason typed is not lost. Mounted while open: each opening
 * starts a fresh form.
 */
export function ActionDialog({
  onClose,
  title,
  description,
  summary,
  confirmLabel,
  destructive = false,
  pending,
  error,
  onSubmit,
  children,
}: {
  onClose(): void;
  title: string;
  description: string;
  /** What confirming does, e.g. "Refund $45.00 to Dana Lee and cancel the session on Dec 3, 9:00 AM." */
  summary: string;
  confirmLabel: string;
  destructive?: boolean;
  pending: boolean;
  error: unknown;
  onSubmit(event: FormEvent): void;
  children: ReactNode;
}) {
  const refusal = useRef<HTMLDivElement>(null);
  // The dialog scrolls on a phone: a refusal below the fold would go unseen (screen readers hear its alert).
  useEffect(() => {
    if (error) refusal.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);
  return (
    <Modal open wide onOpenChange={(next) => !next && onClose()} title={title} description={description}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
        <section
          aria-label="What this will do"
          aria-live="polite"
          className="rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm text-slate-900"
        >
          <p className="font-semibold">What this will do</p>
          <p className="mt-1" data-testid="action-summary">
            {summary}
          </p>
        </section>
        <div ref={refusal}>{error ? <ActionRefusal error={error} /> : null}</div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Go back
          </Button>
          <Button type="submit" variant={destructive ? 'danger' : 'primary'} disabled={pending}>
            {pending ? 'Working…' : confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The reason every action asks for; the audit log keeps it beside the actor's name. */
export function ReasonField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <TextAreaField
      label="Reason"
      hint="Required. Kept in the audit log with your name."
      required
      rows={3}
      maxLength={MAX_REASON_LENGTH}
      error={error}
      {...registration}
    />
  );
}
