/** Short labels shown as chips, e.g. a coach's areas of interest. */
export function TagList({ label, tags, className }: { label: string; tags: readonly string[]; className?: string }) {
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-1.5 ${className ?? ''}`}>
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800">
          {tag}
        </li>
      ))}
    </ul>
  );
}
