// A TypeDoc plugin: names each entry point's module as it is imported, from package.json's
// `exports` (`mcp-protocol-core/http`, not `http`), so the reference reads like the code using it.
import { readFileSync } from 'node:fs';
import { Converter } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const names = new Map();
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    const types = target?.import?.types;
    const file = typeof types === 'string' ? /^\.\/dist\/(.+)\.d\.ts$/.exec(types)?.[1] : undefined;
    if (file !== undefined) names.set(file, pkg.name + subpath.slice(1));
  }
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.children ?? []) {
      module.name = names.get(module.name) ?? module.name;
    }
  });
}
