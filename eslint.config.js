import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';
import skillroom from './eslint/no-module-loop.js';

const CONTRACT_ROOT = {
  name: '@skillroom/contract',
  message: 'Import a subpath: @skillroom/contract/constants, /messages, /rules, /types (free of zod), or /schemas in a form.',
};
const CONTRACT_SCHEMAS = {
  name: '@skillroom/contract/schemas',
  message: "The schemas bring zod: only a screen's form (features/) imports them; types come from @skillroom/contract/types.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling region (role="region") is focusable so that keyboard users can scroll it (axe's
      // scrollable-region-focusable); tab panels as the plugin's default allows.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
      // The form's own checkbox and radio button (components/ui/form.tsx) render an <input>.
      'jsx-a11y/label-has-associated-control': ['error', { controlComponents: ['FormCheckInput'], depth: 3 }],
    },
  },
  {
    // The web app imports the contract by subpath (packages/contract/package.json): constants, messages, rules and types are
    // free of zod; the schemas build zod where they are imported, so only a screen's own form takes them (features/).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [CONTRACT_ROOT, CONTRACT_SCHEMAS] }] },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [CONTRACT_ROOT] }] },
  },
  {
    // The service worker's push handlers: plain script, bundled into the worker and run alone by their test.
    files: ['apps/web/public/**/*.js', 'apps/web/src/app/service-worker/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // The server's layers (DESIGN §14, docs/ARCHITECTURE.md): entries (main, app, context, cli, seed, jobs, the heavy worker)
    // → modules → class-access, records, accounts, views → http, plugins, db, lib, config. Each imports only downward,
    // and no file imports in a loop (type-only imports excepted: they leave nothing at run time). No module imports
    // another in a loop either, type-only or not (eslint/no-module-loop.js): no-cycle follows files, and a loop of
    // modules is mostly made of different files.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { 'import-x': importX, skillroom },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'skillroom/no-module-loop': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: 'apps/server/src', zones: serverLayers() }],
    },
  },
  {
    // The web app's layers (docs/ARCHITECTURE.md): app → features → entities → components → lib, each importing only the
    // layers below it; features never import each other (the app's routes compose them, as bulletproof-react does), and no
    // file imports in a loop. Entities may use one another (a rating's card shows its skill), loops aside.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: 'apps/web/src', zones: webLayers() }],
    },
  },
);

/** The web app's zones of `import-x/no-restricted-paths`: each layer and what above it it must not import; each feature and the others. */
function webLayers() {
  const layers = ['./main.tsx', './app', './features', './entities', './components', './lib'];
  const message = 'Web layers import downward only: app → features → entities → components → lib.';
  const below = layers.slice(2).map((target, i) => ({ target, from: layers.slice(0, i + 2), message }));
  const features = fs
    .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory());
  const apart = features.map(({ name }) => ({
    target: `./features/${name}`,
    from: './features',
    except: [`./${name}`],
    message: 'Features do not import each other: move what both need to entities/, components/ or lib/, or compose them in app/.',
  }));
  return [...below, ...apart];
}

/** The zones of `import-x/no-restricted-paths`: each layer, and what above it it must not import. */
function serverLayers() {
  const entries = ['./main.ts', './app.ts', './cli', './seed', './jobs', './heavy.worker.ts'];
  const shared = ['./class-access', './records', './accounts', './views'];
  const platform = ['./http', './plugins', './db', './lib', './config.ts'];
  const message = 'Server layers import downward only: entries → modules → class-access/records/accounts/views → http/plugins/db/lib.';
  return [
    { target: './modules', from: entries, message },
    { target: shared, from: [...entries, './modules', './context.ts'], message },
    { target: platform, from: [...entries, './modules', './context.ts', ...shared], message },
  ];
}
