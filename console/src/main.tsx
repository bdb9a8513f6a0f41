import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { preload } from './pages/loaders.js';
import { currentRoute } from './router.js';

// The first screen's chunks start loading now, beside the session check.
preload(currentRoute());
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
// Replaces the static shell index.html paints before any script runs.
createRoot(root).render(<StrictMode><App /></StrictMode>);
