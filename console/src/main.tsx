import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import type { ConsoleSettings } from './lib/access';
import './app/styles.css';

async function start(): Promise<void> {
  const settings = (await fetch('/console/config.json').then((r) => (r.ok ? r.json() : null)).catch(() => null)) as ConsoleSettings | null;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App settings={settings ?? { temporal_ui_url: null, temporal_namespace: 'default', mode: 'production' }} />
    </StrictMode>,
  );
}

void start();
