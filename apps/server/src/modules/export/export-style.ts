/** The stylesheet of an export's index.html: readable on a phone and on paper, with no file from outside the zip. */
export const EXPORT_STYLE = [
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK HK",sans-serif;color:#1f2933;margin:0;background:#f8fafc;line-height:1.45}',
  'main{max-width:52rem;margin:0 auto;padding:1rem}',
  'header{display:flex;gap:1rem;align-items:center;flex-wrap:wrap}',
  'h1{font-size:1.5rem;margin:.2rem 0}header p{margin:.1rem 0;color:#52606d}',
  '.avatar{width:4rem;height:4rem;border-radius:50%;object-fit:cover}',
  'nav ul{display:flex;flex-wrap:wrap;gap:.5rem 1rem;padding:0;list-style:none}',
  'a{color:#1d4ed8}a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}',
  '.ratings{list-style:none;padding:0}',
  'article{background:#fff;border:1px solid #d9e2ec;border-radius:.5rem;padding:.75rem 1rem;margin:.75rem 0;overflow-wrap:anywhere}',
  'h3{font-size:1.05rem;margin:0}.action{margin:.2rem 0 .4rem;font-weight:600}',
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .75rem;margin:.25rem 0}dt{color:#52606d}dd{margin:0}',
  '.whole{display:inline-block;background:#e0f2fe;color:#075985;border-radius:1rem;padding:0 .6rem;margin:.25rem 0;font-size:.9rem}',
  '.note{white-space:pre-wrap;border-left:3px solid #cbd5e1;padding-left:.6rem}',
  '.photos{display:flex;flex-wrap:wrap;gap:.5rem}.photos img{max-width:100%;max-height:20rem;border-radius:.35rem}',
  '.messages,ul.photos{list-style:none;padding:0}',
  '@media print{body{background:#fff}article{break-inside:avoid}}',
].join('');
