// React and React DOM: main.tsx loads and runs them before the rest of the app, in a task of their
// own (they are a chunk of their own, vite.config.ts). The app mounts through them.
export { createRoot } from 'react-dom/client';
export { StrictMode, startTransition } from 'react';
