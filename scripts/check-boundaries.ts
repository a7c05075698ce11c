// Checks that each part of src/ imports only what scripts/boundaries.json allows it: every import
// of every file (type imports and dynamic imports included), read by TypeScript's own scanner. A
// part is a folder of src/ or a file at its top; each has a rule, so that a new folder or entry
// says what it may import before it passes. Import circles are dpdm's to find (check:cycles).
//
//   npx tsx scripts/check-boundaries.ts              this project
//   npx tsx scripts/check-boundaries.ts --root DIR   another tree with src/ and scripts/boundaries.json
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

interface Rule {
  /** What the part holds, in one line. */
  readonly purpose: string;
  /** The parts, or single files, it may import besides its own files. */
  readonly imports: readonly string[];
}

const at = process.argv.indexOf('--root');
const root =
  at === -1
    ? resolve(dirname(fileURLToPath(import.meta.url)), '..')
    : resolve(process.argv[at + 1] ?? '.');
const src = join(root, 'src');
const rules = (
  JSON.parse(readFileSync(join(root, 'scripts', 'boundaries.json'), 'utf8')) as {
    parts: Record<string, Rule>;
  }
).parts;

// A file's part: its folder under src/ (`core/`), or itself at the top (`index.ts`).
const partOf = (file: string) =>
  file.includes('/') ? `${file.slice(0, file.indexOf('/'))}/` : file;
const allows = (rule: Rule, target: string) =>
  rule.imports.some((allowed) =>
    allowed.endsWith('/') ? target.startsWith(allowed) : target === allowed,
  );

const problems: string[] = [];
const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split('\\').join('/'))
  .filter((file) => file.endsWith('.ts') && statSync(join(src, file)).isFile())
  .sort();
for (const part of new Set(files.map(partOf))) {
  if (rules[part] === undefined)
    problems.push(
      `src/${part} has no rule in scripts/boundaries.json: say what it holds and may import`,
    );
}
for (const [part, rule] of Object.entries(rules)) {
  if (!rule.purpose)
    problems.push(`scripts/boundaries.json: src/${part} says nothing of its purpose`);
  if (!existsSync(join(src, part)))
    problems.push(`scripts/boundaries.json has a rule for src/${part}, which does not exist`);
}
// The architecture page names every part, so that it grows with the rules.
const page = join(root, 'docs', 'architecture.md');
if (existsSync(page)) {
  const text = readFileSync(page, 'utf8');
  for (const part of Object.keys(rules)) {
    if (!text.includes(`\`${part}\``))
      problems.push(`docs/architecture.md does not name src/${part}`);
  }
}
for (const file of files) {
  const rule = rules[partOf(file)];
  if (rule === undefined) continue;
  const { importedFiles } = ts.preProcessFile(readFileSync(join(src, file), 'utf8'), true, true);
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const target = posix
      .normalize(posix.join(posix.dirname(file), fileName))
      .replace(/\.js$/, '.ts');
    if (target.startsWith('../')) {
      problems.push(`src/${file} imports ${fileName}, outside src/`);
    } else if (partOf(target) !== partOf(file) && !allows(rule, target)) {
      problems.push(
        `src/${file} imports src/${target}, which src/${partOf(file)} may not import (scripts/boundaries.json)`,
      );
    }
  }
}
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(
  `boundaries: ${files.length} files in ${Object.keys(rules).length} parts import only what their rules allow\n`,
);
