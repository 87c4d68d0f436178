import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Logo } from './logo';

// The logo is drawn in three places that cannot share code: public/logo.svg (offline.html and the app icons read it),
// index.html's splash (painted before any script) and this component. They must stay one drawing.
const web = path.resolve(import.meta.dirname, '../../..');
const drawing = (markup: string) => {
  // The same path however its lines are wrapped: whitespace only ever separates numbers in it.
  const d = /<path[^>]*\sd="([^"]+)"/.exec(markup)?.[1]?.replace(/\s+/g, ' ').replace(/ (?=[a-zA-Z])/g, '');
  const mark = /<rect[^>]*fill="(#[0-9a-f]{6})"/.exec(markup)?.[1];
  const text = /<text[^>]*>\s*([^<]+?)\s*</.exec(markup)?.[1];
  return { d, mark, text };
};

describe('the logo', () => {
  it('is the same drawing in public/logo.svg, in index.html and in the component', () => {
    const file = drawing(fs.readFileSync(path.join(web, 'public/logo.svg'), 'utf8'));
    expect(file.d).toMatch(/^M11 25c/);
    expect(drawing(fs.readFileSync(path.join(web, 'index.html'), 'utf8'))).toEqual(file);
    expect(drawing(renderToStaticMarkup(<Logo label="Skillroom" height={40} />))).toEqual(file);
  });

  it('draws the subscription variant as public/logo-pro.svg does', () => {
    const file = drawing(fs.readFileSync(path.join(web, 'public/logo-pro.svg'), 'utf8'));
    const pro = renderToStaticMarkup(<Logo label="Skillroom for schools" pro height={32} />);
    expect(drawing(pro)).toEqual(file);
    expect(pro).toContain('PRO');
  });
});
