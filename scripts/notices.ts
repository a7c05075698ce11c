// Writes THIRD-PARTY-NOTICES.md: the licenses of ajv and of what it depends on, which the build
// bundles into dist/. `npx tsx scripts/notices.ts`; a test keeps the file equal to what this writes.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

interface Package {
  name: string;
  version: string;
  license: string;
  dependencies?: Record<string, string>;
}

/** The bundled packages, ajv and its dependencies, in the order they are found. */
export function bundled(): Package[] {
  const found = new Map<string, Package>();
  const walk = (name: string) => {
    if (found.has(name)) return;
    const pkg = JSON.parse(
      readFileSync(`${root}node_modules/${name}/package.json`, 'utf8'),
    ) as Package;
    found.set(name, pkg);
    for (const dependency of Object.keys(pkg.dependencies ?? {})) walk(dependency);
  };
  walk('ajv');
  return [...found.values()];
}

/** The text of THIRD-PARTY-NOTICES.md. */
export function notices(): string {
  const sections = bundled().map(({ name, version, license }) => {
    const file = readdirSync(`${root}node_modules/${name}`).find((entry) =>
      /^licen[cs]e/i.test(entry),
    );
    const text =
      file === undefined ? '' : readFileSync(`${root}node_modules/${name}/${file}`, 'utf8').trim();
    return `## ${name} ${version} (${license})\n\n\`\`\`\n${text}\n\`\`\`\n`;
  });
  return [
    '# Third-party notices',
    '',
    "The build bundles ajv, and what it depends on, into `dist/`: loaded from one file, ajv's",
    'compiler starts in a fraction of the time its modules take. Their licenses:',
    '',
    ...sections,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(`${root}THIRD-PARTY-NOTICES.md`, notices());
}
