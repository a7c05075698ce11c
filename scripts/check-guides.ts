// Checks the guides in docs/: their ```ts blocks type-check against the sources (a guide's blocks
// as one module, as if it were a file in docs/, so that `mcp-protocol-core` and `../examples/…`
// resolve as they do in the project); every relative link, from the guides, README.md and the
// READMEs of examples/ and bench/, leads to a file, and to a heading of it when it names one; and
// README.md stays a front door of at most README_LINES lines, the rest living in the guides.
//
//   npx tsx scripts/check-guides.ts
//   npx tsx scripts/check-guides.ts --print docs/testing.md   # a guide's code as one module
//   npx tsx scripts/check-guides.ts --links-only --root DIR     # another tree's links and README
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : (process.argv[at + 1] ?? '');
};
const linksOnly = process.argv.includes('--links-only');
const root = resolve(option('--root') ?? resolve(dirname(fileURLToPath(import.meta.url)), '..'));
const docs = join(root, 'docs');
const guides = readdirSync(docs)
  .filter((name) => name.endsWith('.md'))
  .map((name) => join(docs, name));
// Every Markdown file whose links are checked: the guides, the README, and the READMEs beside the
// demo, the other examples and the benchmark.
const readmes = [
  join(root, 'README.md'),
  join(root, 'bench', 'README.md'),
  ...readdirSync(join(root, 'examples'), { recursive: true, encoding: 'utf8' })
    .filter((path) => /(^|\/)README\.md$/.test(path) && !path.includes('node_modules'))
    .map((path) => join(root, 'examples', path)),
];
const README_LINES = 300;
const problems: string[] = [];
const where = (file: string, line: number) => `${relative(root, file)}:${line}`;

interface Block {
  file: string; // the guide
  line: number; // the line of its first line of code
  code: string;
}

function blocksOf(file: string): Block[] {
  const blocks: Block[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```ts\s*$/.exec(lines[i]!);
    if (open === null) continue;
    const start = i + 1;
    do i++;
    while (i < lines.length && !/^\s*```\s*$/.test(lines[i]!));
    const indent = open[1]!.length;
    const code = lines.slice(start, i).map((line) => line.slice(indent));
    blocks.push({ file, line: start + 1, code: `${code.join('\n')}\n` });
  }
  return blocks;
}

// A guide's blocks as one module, in order: a block may use what an earlier one defined, and
// imports what it uses, as a reader copying it would. Each import is blanked where it stands (lines
// keep their numbers) and merged into one header, a binding imported twice once.
interface Guide {
  file: string;
  code: string;
  starts: { line: number; block: Block }[]; // where each block begins in `code`, 0-based
}

function guideOf(file: string): Guide {
  const imports = new Map<string, boolean>(); // statement -> type-only
  let body = '';
  let line = 0;
  const starts: Guide['starts'] = [];
  for (const block of blocksOf(file)) {
    const source = ts.createSourceFile('block.ts', block.code, ts.ScriptTarget.Latest, true);
    let code = block.code;
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement)) continue;
      const from = statement.moduleSpecifier.getText(source);
      const clause = statement.importClause;
      const typeOnly = clause?.isTypeOnly ?? false;
      const add = (text: string, type: boolean) =>
        imports.set(text, (imports.get(text) ?? true) && type);
      if (clause === undefined) add(`import ${from};`, false);
      if (clause?.name !== undefined) add(`import ${clause.name.text} from ${from};`, typeOnly);
      const bindings = clause?.namedBindings;
      if (bindings !== undefined && ts.isNamespaceImport(bindings)) {
        add(`import * as ${bindings.name.text} from ${from};`, typeOnly);
      } else if (bindings !== undefined) {
        for (const element of bindings.elements) {
          const name = element.propertyName?.getText(source);
          const binding =
            name === undefined ? element.name.text : `${name} as ${element.name.text}`;
          add(`import { ${binding} } from ${from};`, typeOnly || element.isTypeOnly);
        }
      }
      const start = statement.getStart(source);
      const blank = code.slice(start, statement.end).replace(/[^\n]/g, ' ');
      code = code.slice(0, start) + blank + code.slice(statement.end);
    }
    starts.push({ line, block });
    body += code;
    line += code.split('\n').length - 1;
  }
  const header = [...imports].map(([text, type]) =>
    type ? text.replace('import ', 'import type ') : text,
  );
  const shift = header.length;
  for (const start of starts) start.line += shift;
  return { file, code: `${header.join('\n')}\n${body}`, starts };
}

// Type-check every guide's code, each as a virtual file beside it.
function checkCode(): number {
  const config = ts.readConfigFile(join(root, 'tsconfig.test.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const options: ts.CompilerOptions = {
    ...parsed.options,
    noEmit: true,
    // A guide without imports is a module too: guides never see one another's names.
    moduleDetection: ts.ModuleDetectionKind.Force,
  };
  const virtual = new Map<string, Guide>();
  for (const file of guides) virtual.set(`${file.slice(0, -'.md'.length)}.md.ts`, guideOf(file));
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.readFile = (name) => virtual.get(name)?.code ?? readFile.call(host, name);
  host.getSourceFile = (name, language, ...rest) => {
    const guide = virtual.get(name);
    return guide === undefined
      ? getSourceFile.call(host, name, language, ...rest)
      : ts.createSourceFile(name, guide.code, language, true);
  };
  const program = ts.createProgram([...virtual.keys()], options, host);
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const { file, start } = diagnostic;
    if (file === undefined || start === undefined) {
      problems.push(text);
      continue;
    }
    const { line } = file.getLineAndCharacterOfPosition(start);
    const guide = virtual.get(file.fileName);
    let at: Guide['starts'][number] | undefined;
    for (const start of guide?.starts ?? []) if (start.line <= line) at = start;
    if (guide === undefined) problems.push(`${where(file.fileName, line + 1)}: ${text}`);
    else if (at === undefined) problems.push(`${where(guide.file, 0)}: (imports) ${text}`);
    else problems.push(`${where(guide.file, at.block.line + line - at.line)}: ${text}`);
  }
  let blocks = 0;
  for (const guide of virtual.values()) blocks += guide.starts.length;
  return blocks;
}

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (heading === null) continue;
    const base = slug(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function checkLinks(file: string): number {
  let checked = 0;
  let fenced = false;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (/^\s*```/.test(line)) fenced = !fenced;
      if (fenced) return;
      for (const [, target] of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto:
        checked++;
        const [path = '', anchor] = target!.split('#');
        const linked = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
        if (!existsSync(linked)) {
          problems.push(`${where(file, i + 1)}: ${target} leads to no file`);
        } else if (anchor !== undefined && linked.endsWith('.md')) {
          if (!anchorsOf(linked).has(anchor)) {
            problems.push(`${where(file, i + 1)}: ${target}: no such heading`);
          }
        }
      }
    });
  return checked;
}

if (process.argv[2] === '--print') {
  process.stdout.write(guideOf(resolve(process.argv[3] ?? '')).code);
  process.exit(0);
}
const blocks = linksOnly ? 0 : checkCode();
let links = 0;
for (const file of [...guides, ...readmes]) links += checkLinks(file);
const readmeLines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
if (readmeLines > README_LINES) {
  problems.push(
    `README.md: ${readmeLines} lines, more than ${README_LINES}: move the detail to a guide in docs/`,
  );
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `docs: ${guides.length} guides, ${blocks} code blocks compile, ${links} links in ${guides.length + readmes.length} files lead somewhere, README.md ${readmeLines} lines`,
);
