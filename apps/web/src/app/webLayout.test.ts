import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web layout (docs/architecture.md, "Web layout"): a file in `routes/` defines a URL (path,
 * params, search, guards, loader) and names its screen; the screen lives in its feature and gets
 * the URL's values as props. Nothing but the route tree in `app/router.tsx` imports a route file,
 * so a route and its screen never import each other.
 */

const SRC = path.resolve(import.meta.dirname, '..');
const ROUTES = path.join(SRC, 'routes');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);
const relative = (file: string) => path.relative(SRC, file);

/** Every module a file names: static imports and re-exports, `import type`, and `import()`. */
function importsOf(file: string): { spec: string; dynamic: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const found: { spec: string; dynamic: boolean }[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s+['"]([^'"]+)['"]/g))
    found.push({ spec: match[1] ?? '', dynamic: false });
  for (const match of text.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g))
    found.push({ spec: match[1] ?? '', dynamic: false });
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g))
    found.push({ spec: match[1] ?? '', dynamic: true });
  return found;
}

/** Intrinsic JSX elements (`<div`, `<p>`), not type arguments (`Promise<void>`). */
const htmlElementsIn = (text: string) =>
  [...text.matchAll(/(?<![\w$.\]])<([a-z][\w-]*)[\s/>]/g)].map((m) => m[1] ?? '');

const resolve = (file: string, spec: string) =>
  spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : undefined;

describe('web layout', () => {
  const routeFiles = filesUnder(ROUTES).filter(isSource);

  it('keeps routes/ flat: one file per URL (or group of URLs), no screens folder', () => {
    const folders = readdirSync(ROUTES).filter((name) => statSync(path.join(ROUTES, name)).isDirectory());
    expect(folders).toEqual([]);
    expect(routeFiles.length).toBeGreaterThan(20);
  });

  it('exports only routes and loader helpers from routes/, never a component', () => {
    const offenders = routeFiles.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const exported = [
        ...text.matchAll(/export\s+(?:async\s+)?(?:const|let|function|class)\s+([A-Za-z_$][\w$]*)/g),
      ].map((m) => m[1] ?? '');
      return exported.filter((name) => /^[A-Z]/.test(name)).map((name) => `${relative(file)}: ${name}`);
    });
    expect(offenders).toEqual([]);
  });

  it('draws no screen UI in routes/: no HTML elements, only the screen, a loader or not-found', () => {
    const offenders = routeFiles.flatMap((file) => {
      return htmlElementsIn(readFileSync(file, 'utf8')).map((tag) => `${relative(file)}: <${tag}>`);
    });
    expect(offenders).toEqual([]);
  });

  it('loads every screen lazily from its feature (a route file never imports a screen statically)', () => {
    const offenders = routeFiles.flatMap((file) =>
      importsOf(file)
        .filter(({ spec, dynamic }) => !dynamic && /\/features\/.*Screen\.tsx$/.test(spec))
        .map(({ spec }) => `${relative(file)} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('lets nothing but the route tree (app/router.tsx) import a route file', () => {
    const allowed = new Set([path.join(SRC, 'app', 'router.tsx')]);
    const outside = filesUnder(SRC).filter(
      (file) => /\.tsx?$/.test(file) && !file.startsWith(ROUTES + path.sep) && !allowed.has(file),
    );
    const offenders = outside.flatMap((file) =>
      importsOf(file)
        .filter(
          ({ spec }) => resolve(file, spec)?.startsWith(ROUTES + path.sep) || resolve(file, spec) === ROUTES,
        )
        .map(({ spec }) => `${relative(file)} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('finds the imports it checks (the check itself can fail)', () => {
    const router = importsOf(path.join(SRC, 'app', 'router.tsx')).map(({ spec }) => spec);
    expect(router).toContain('../routes/WorkspaceLayoutRoute.tsx');
    const intake = importsOf(path.join(ROUTES, 'IntakeRoute.tsx'));
    expect(intake).toContainEqual({ spec: '../features/intake/IntakeScreen.tsx', dynamic: true });
    expect(intake).toContainEqual({ spec: './WorkspaceLayoutRoute.tsx', dynamic: false });
    expect(htmlElementsIn('() => <div className="x"><p>Hi</p></div>')).toEqual(['div', 'p']);
    expect(htmlElementsIn('Promise<void>; <PageLoader label="x" />')).toEqual([]);
  });
});
