import { messageParts } from '@functions/domain/message-links';

/** A message's text as text, its web addresses as links that open in a new tab; never HTML. */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words">
      {messageParts(text).map((part, index) =>
        'href' in part ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc" className="underline">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
