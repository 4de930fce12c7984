import { useEffect } from 'react';

/** Marks the page noindex (and nofollow) for search engines while it is shown. */
export function useNoIndex(content = 'noindex'): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = content;
    document.head.appendChild(meta);
    return () => {
      meta.remove();
    };
  }, [content]);
}
