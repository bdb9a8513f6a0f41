import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadFirstScreen } from './App.js';
import { currentRoute } from './router.js';

preloadFirstScreen(currentRoute());
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
// Replaces the static shell index.html paints before any script runs.
createRoot(root).render(<StrictMode><App /></StrictMode>);
