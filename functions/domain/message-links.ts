/** A piece of a message's text: plain text, or a web address to show as a link. */
export type MessagePart = { text: string } | { text: string; href: string };

const WEB_ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
/** Punctuation that usually closes the sentence around an address rather than belonging to it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

/**
 * A message's text cut into plain text and web addresses (http, https, or starting `www.`), so the
 * page can show addresses as links while everything else stays text: nothing is ever read as HTML.
 */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let from = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const address = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    if (start > from) parts.push({ text: text.slice(from, start) });
    parts.push({ text: address, href: address.toLowerCase().startsWith('www.') ? `https://${address}` : address });
    from = start + address.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}
