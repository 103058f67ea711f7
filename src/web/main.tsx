import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTheme, storedTheme } from './lib/theme';
import './styles.css';

// Before the first render, so a light-theme visitor never sees a dark flash (no inline script: strict CSP).
applyTheme(storedTheme());

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
