import fs from 'node:fs';
import path from 'node:path';

/*
 * `skillroom/no-module-loop`: the server's modules (apps/server/src/modules/<name>/) never import each other in a loop
 * (DESIGN §14). `import-x/no-cycle` sees loops of files only, and a loop of modules is usually made of different files
 * (media.policy.ts → students.repository.ts while students.presenter.ts → media.presenter.ts), so it let them pass.
 * Type-only imports count too: a loop of modules is a loop of knowledge whatever is left at run time.
 * The graph of the other files is read from disk once per lint run; the file being linted is read from its AST.
 */

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^;]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The module a file belongs to, or null outside modules/<name>/. */
function moduleOf(modulesDir, file) {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, base.replace(/\.js$/, '.ts'), path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const graphs = new Map();

/** module → module it imports → the first import seen that does it ("file → file"). */
function moduleGraph(modulesDir) {
  if (graphs.has(modulesDir)) return graphs.get(modulesDir);
  const graph = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        addFile(graph, modulesDir, file, fs.readFileSync(file, 'utf8'));
    }
  };
  walk(modulesDir);
  graphs.set(modulesDir, graph);
  return graph;
}

function addFile(graph, modulesDir, file, text) {
  const from = moduleOf(modulesDir, file);
  if (!from) return;
  for (const m of text.matchAll(IMPORT)) {
    const target = resolve(file, m[1] ?? m[2]);
    const to = target && moduleOf(modulesDir, target);
    if (!to || to === from) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    if (!graph.get(from).has(to)) graph.get(from).set(to, `${path.relative(modulesDir, file)} → ${path.relative(modulesDir, target)}`);
  }
}

/** The shortest chain of module imports from `start` to `goal`, as "a → b → c", or null. */
function chain(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const at = queue.shift();
    if (at === goal) {
      const steps = [];
      for (let m = goal; m !== null; m = previous.get(m)) steps.unshift(m);
      return steps;
    }
    for (const next of graph.get(at)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

export const noModuleLoop = {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules must not import each other in a loop.' },
    schema: [{ type: 'object', properties: { modulesDir: { type: 'string' } }, additionalProperties: false }],
    messages: { loop: 'Modules import in a loop: {{loop}} (back through {{via}}). Move what both need below the modules.' },
  },
  create(context) {
    const modulesDir = path.resolve(context.cwd, context.options[0]?.modulesDir ?? 'apps/server/src/modules');
    const file = context.filename;
    const from = moduleOf(modulesDir, file);
    if (!from) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(file, spec);
      const to = target && moduleOf(modulesDir, target);
      if (!to || to === from) return;
      const graph = moduleGraph(modulesDir);
      const back = chain(graph, to, from);
      if (!back) return;
      const via = graph.get(back.at(-2))?.get(from) ?? '';
      context.report({ node, messageId: 'loop', data: { loop: [from, ...back].join(' → '), via } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'no-module-loop': noModuleLoop } };
