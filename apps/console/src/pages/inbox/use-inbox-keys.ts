import { useEffect } from 'react';

/** j / k move through the conversations, r jumps to the reply box; typing in a field is left alone. */
export function useInboxKeys(handlers: { next: () => void; previous: () => void; reply: () => void }): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)))
        return;
      if (event.key === 'j') handlers.next();
      else if (event.key === 'k') handlers.previous();
      else if (event.key === 'r') handlers.reply();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [handlers]);
}
