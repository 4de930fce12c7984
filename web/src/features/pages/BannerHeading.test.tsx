import { act, render, screen } from '@testing-library/react';
import { BANNER_WORDS, bannerHeading } from '#shared/messages';
import { BannerHeading, WORD_MS } from './BannerHeading';

const shownWord = () => screen.getByTestId('banner-visible').querySelector('.word.shown')!.textContent;
const motion = (reduce: boolean) => {
  window.matchMedia = jest.fn(
    (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }) as MediaQueryList,
  );
};

afterEach(() => jest.useRealTimers());

it('fills {product} with a product word and never shows braces; its accessible name stays one fixed heading', () => {
  motion(false);
  render(<BannerHeading id="h" />);
  const heading = screen.getByRole('heading', { level: 1 });
  expect(heading.textContent).not.toMatch(/[{}]/);
  expect(screen.getByRole('heading', { level: 1, name: bannerHeading('CANDLES') })).toBe(heading);
  expect(heading.querySelector('[aria-live]')).toBeNull();
  expect(shownWord()).toBe('CANDLES');
});

it('changes the word a few times, in under five seconds, then rests on the first', () => {
  jest.useFakeTimers();
  motion(false);
  render(<BannerHeading id="h" />);
  const seen = [shownWord()];
  for (let i = 0; i < BANNER_WORDS.length; i++) {
    act(() => jest.advanceTimersByTime(WORD_MS));
    seen.push(shownWord());
  }
  expect(seen).toEqual([...BANNER_WORDS, BANNER_WORDS[0]]);
  expect(WORD_MS * BANNER_WORDS.length).toBeLessThan(5000);
  act(() => jest.advanceTimersByTime(60_000));
  expect(shownWord()).toBe('CANDLES');
  expect(jest.getTimerCount()).toBe(0);
});

it('with reduced motion the word never changes', () => {
  jest.useFakeTimers();
  motion(true);
  render(<BannerHeading id="h" />);
  act(() => jest.advanceTimersByTime(10_000));
  expect(shownWord()).toBe('CANDLES');
});
