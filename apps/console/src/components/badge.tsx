/** A short status word; the colour only repeats what the word says. */
export function Badge({ tone, children }: { tone: string; children: string }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
