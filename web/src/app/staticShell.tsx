import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Frame, SiteHeader } from './Layout';

/**
 * The static shell as HTML (app/shell.ts): the app's own frame, for a guest with an empty cart, around an empty
 * main. Rendered at build time only (web/vite.config.mts puts it into index.html); no page imports this module.
 */
export function renderShell(): string {
  return renderToStaticMarkup(
    <StaticRouter location="/">
      <Frame header={<SiteHeader user={null} count={0} />} />
    </StaticRouter>,
  );
}
