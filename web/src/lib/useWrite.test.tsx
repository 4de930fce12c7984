import { renderHook } from '@testing-library/react';
import { useWrite } from './useWrite';

let answer: () => void;
const submit = jest.fn(() => new Promise<void>((resolve) => (answer = resolve)));
jest.mock('react-router-dom', () => ({ useSubmit: () => submit }));

it('drops a write made while the last one is on its way (a double click), and takes the next once it is done', async () => {
  const { result } = renderHook(() => useWrite());
  const first = result.current({ intent: 'save' }, { method: 'post', encType: 'application/json' });
  void result.current({ intent: 'save' }, { method: 'post', encType: 'application/json' });
  expect(submit).toHaveBeenCalledTimes(1);
  answer();
  await first;
  void result.current({ intent: 'save' }, { method: 'post', encType: 'application/json' });
  expect(submit).toHaveBeenCalledTimes(2);
});
