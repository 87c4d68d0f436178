/** What the page reads of the OpenAPI document. */
export interface ApiDocument {
  info: { version: string; description: string };
  paths: Record<string, Record<string, unknown>>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain, script-free page of every route: readable under the strict CSP. */
export function renderDocsPage(doc: ApiDocument): string {
  const rows = Object.entries(doc.paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const o = op as { summary: string; requestBody?: { content: Record<string, { schema?: unknown }> }; security?: unknown };
        const body = o.requestBody ? Object.values(o.requestBody.content)[0]?.schema : null;
        return `<section><h2><code class="m ${method}">${method.toUpperCase()}</code> <code>${esc(path)}</code>${o.security ? ' <small>bearer</small>' : ''}</h2><p>${esc(o.summary)}</p>${
          body ? `<details><summary>Body</summary><pre>${esc(JSON.stringify(body, null, 2))}</pre></details>` : ''
        }</section>`;
      }),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Skillroom API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}h1{margin-bottom:.25rem}h2{font-size:1rem;margin:0}section{border-top:1px solid #e5e7eb;padding:.75rem 0}.m{display:inline-block;min-width:4.5rem;font-weight:700}.get{color:#047857}.post{color:#1d4ed8}.patch{color:#b45309}.delete{color:#b91c1c}pre{background:#f3f4f6;padding:.75rem;overflow:auto}small{color:#6b7280}</style>
</head><body><h1>Skillroom API ${esc(doc.info.version)}</h1><p>${esc(doc.info.description)} Machine-readable: <a href="/api/docs.json">/api/docs.json</a> (OpenAPI 3.1).</p>
<main>${rows}</main></body></html>`;
}
