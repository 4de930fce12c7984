import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter, firstPage } from './app/App';
import { appContainer } from './app/shell';
import { visitSource } from './lib/funnel';
import { keepLinePlace } from './lib/dropLine';
import { nextTask } from './lib/tasks';
import './styles.css';

/**
 * The app's start, in short tasks of the main thread (docs/decisions/0082), so a phone answers a tap or a key while
 * the app starts and Lighthouse counts no long task: the modules run; then the router starts the first page's code
 * and data; once its page is whole, React renders it off the page as a transition (in slices of a few
 * milliseconds), and its commit takes the static shell's place (app/shell.ts).
 */
async function start() {
  // Where the visit came from, before the router changes the address (the shoppers' path: decision 0167).
  visitSource();
  // A place held in a drop's line (a reload in the checkout): asked for again, or it would be lost (decision 0181).
  keepLinePlace();
  await nextTask();
  const router = await createAppRouter();
  await firstPage(router);
  await nextTask();
  const root = createRoot(appContainer());
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}

void start();
