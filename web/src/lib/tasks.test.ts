import { focusAfterPaint } from './tasks';

/** focusAfterPaint (issue 50 item 17): the heading's focus after the page has painted, never taken from a field. */
beforeEach(() => {
  jest.useFakeTimers();
  document.body.innerHTML = '<h1 tabindex="-1">Your Cart</h1><input name="code" />';
});
afterEach(() => jest.useRealTimers());

const heading = () => document.querySelector('h1')!;

it('focuses the element after the frame, not in the effect that asked', () => {
  focusAfterPaint(heading());
  expect(document.activeElement).toBe(document.body);
  jest.runAllTimers();
  expect(document.activeElement).toBe(heading());
});

it('leaves the focus where the shopper put it meanwhile; a clean-up before the frame focuses nothing', () => {
  focusAfterPaint(heading());
  document.querySelector('input')!.focus();
  jest.runAllTimers();
  expect(document.activeElement?.getAttribute('name')).toBe('code');
  (document.activeElement as HTMLElement).blur();
  const cancel = focusAfterPaint(heading());
  cancel();
  jest.runAllTimers();
  expect(document.activeElement).toBe(document.body);
});
