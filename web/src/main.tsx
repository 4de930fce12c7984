import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { appContainer } from './app/shell';
import './styles.css';

createRoot(appContainer()).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
