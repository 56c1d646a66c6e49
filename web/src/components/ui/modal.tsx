import clsx from 'clsx';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef } from 'react';

/** Marks a dialog's opener, so focus finds it again when the list behind the dialog rendered it anew. */
const FOCUS_KEY = 'data-focus-key';

interface Opener {
  element: HTMLElement | null;
  key: string | null;
}

/** The opener if it is still on the page, or the element that now carries its focus key. */
function openerNow({ element, key }: Opener): HTMLElement | null {
  if (element?.isConnected) return element;
  return key ? document.querySelector<HTMLElement>(`[${FOCUS_KEY}="${CSS.escape(key)}"]`) : null;
}

/**
 * The app's dialog frame; Radix traps focus and closes on Escape. Closing returns focus to what
 * opened it (WCAG 2.4.3), found again by its focus key when the list behind it re-rendered it, else
 * to the page's main content.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  onCloseAutoFocus,
  wide = false,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  /** Where focus goes on closing instead of the opener: call `event.preventDefault()` and focus it. */
  onCloseAutoFocus?(event: Event): void;
  /** Room for a form of several choices side by side (from tablet width up). */
  wide?: boolean;
  children: ReactNode;
}) {
  const opener = useRef<Opener>({ element: null, key: null });
  // Before Radix moves focus into the dialog: what has it now opened the dialog.
  useLayoutEffect(() => {
    if (!open) return;
    const element = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    opener.current = { element, key: element?.closest(`[${FOCUS_KEY}]`)?.getAttribute(FOCUS_KEY) ?? null };
  }, [open]);
  const returnFocus = (event: Event) => {
    if (onCloseAutoFocus) return onCloseAutoFocus(event);
    // An opener the dialog's action removed (a queue's resolved item) leaves focus to the page's content, not to nowhere.
    const target = openerNow(opener.current) ?? document.querySelector<HTMLElement>('main');
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className={clsx(
            'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl',
            wide ? 'max-w-xl' : 'max-w-md',
          )}
        >
          <Dialog.Title className="pr-8 text-xl font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">{description}</Dialog.Description>
          <div className="mt-4">{children}</div>
          <Dialog.Close
            aria-label="Close"
            className="absolute right-4 top-4 rounded-md p-1 text-slate-600 hover:bg-slate-100"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
