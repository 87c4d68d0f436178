// The floor of `npm run bench:web`: React 19 rendering one heading and one paragraph, built by Vite as the app is.
/* global document */
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  h('main', null, h('h1', null, 'Skillroom'), h('p', null, 'A bare Vite and React page, served by the same server as the app.')),
);
