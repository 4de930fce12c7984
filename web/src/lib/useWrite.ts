import { useCallback, useRef } from 'react';
import { useSubmit } from 'react-router-dom';

/**
 * React Router's `useSubmit` for a page's writes, one at a time (docs/decisions/0076): a submit made while this
 * page's last one is still on its way (its action and the page read again) is dropped. The router shows a write as
 * pending only once its state has rendered, in a transition; a double click's second click comes before that, and
 * without this it posted the same write twice (the router gives up waiting for the first, but its request was sent).
 */
export function useWrite(): ReturnType<typeof useSubmit> {
  const submit = useSubmit();
  const onItsWay = useRef(false);
  return useCallback<ReturnType<typeof useSubmit>>(
    async (target, options) => {
      if (onItsWay.current) return;
      onItsWay.current = true;
      try {
        await submit(target, options);
      } finally {
        onItsWay.current = false;
      }
    },
    [submit],
  );
}
