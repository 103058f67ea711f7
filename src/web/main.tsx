import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { primeQueryClient } from './app/early-data';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// The theme was applied before the first paint by /early.js (index.html).
const queryClient = createQueryClient();
primeQueryClient(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
