// The project server's app view (MCP Apps): search_documents' hits, browsable. A host renders it in
// a sandboxed iframe when the model calls search_documents; the view then searches again, and opens
// a hit's lines, by calling search_documents and read_document through the host. It speaks the
// extension's JSON-RPC over postMessage itself: one self-contained document, nothing to fetch.
import { defineAppView } from 'mcp-protocol-core';

// Plain JavaScript, as the browser runs it: the host's messages in, requests to the host out, and
// every text the server sends set as text, never as HTML.
const SCRIPT = `
const pending = new Map();
let next = 1;
const send = (message) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
const request = (method, params) =>
  new Promise((resolve, reject) => {
    const id = next++;
    pending.set(id, (message) => (message.error ? reject(message.error) : resolve(message.result)));
    send({ id, method, params });
  });
const $ = (id) => document.getElementById(id);
const textOf = (result) =>
  (result.content ?? []).filter((block) => block.type === 'text').map((block) => block.text).join('\\n');
const HIT = /^([^:\\s]+):(\\d+): (.*)$/;

function showHits(result) {
  const list = $('hits');
  list.replaceChildren();
  $('document').textContent = '';
  const text = textOf(result);
  const hits = result.isError ? [] : text.split('\\n').filter((line) => HIT.test(line));
  $('status').textContent = hits.length === 0 ? text : hits.length + ' lines';
  for (const line of hits) {
    const [, path, number, rest] = HIT.exec(line);
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.textContent = path + ':' + number;
    button.addEventListener('click', () => open(path, Number(number)).catch(failed));
    item.append(button, ' ' + rest);
    list.append(item);
  }
}

async function search(query) {
  $('status').textContent = 'Searching for ' + query + '…';
  showHits(await request('tools/call', { name: 'search_documents', arguments: { query } }));
}

async function open(path, line) {
  const result = await request('tools/call', {
    name: 'read_document',
    arguments: { path, start_line: Math.max(1, line - 3), max_lines: 12 },
  });
  $('document').textContent = textOf(result);
}

const failed = (error) => ($('status').textContent = String(error?.message ?? error));

window.addEventListener('message', (event) => {
  const message = event.data;
  if (event.source !== window.parent || message?.jsonrpc !== '2.0') return;
  if (message.method === undefined) {
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  } else if (message.method === 'ui/notifications/tool-input') {
    const query = message.params?.arguments?.query;
    if (typeof query === 'string') $('query').value = query;
  } else if (message.method === 'ui/notifications/tool-result') {
    showHits(message.params ?? {});
  } else if (message.id !== undefined) {
    // ping, ui/resource-teardown: nothing kept, nothing to say.
    send({ id: message.id, result: {} });
  }
});

// No form: a sandbox without allow-forms submits none.
const submit = () => {
  const query = $('query').value.trim();
  if (query.length >= 2) search(query).catch(failed);
};
$('search').addEventListener('click', submit);
$('query').addEventListener('keydown', (event) => event.key === 'Enter' && submit());

request('ui/initialize', {
  appInfo: { name: 'project-search', version: '1.0.0' },
  appCapabilities: {},
  protocolVersion: '2026-01-26',
}).then(() => send({ method: 'ui/notifications/initialized', params: {} }), failed);
`;

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Search the documents</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 12px; color: #222; }
  #bar { display: flex; gap: 6px; margin-bottom: 8px; }
  input { flex: 1; padding: 4px 6px; }
  ul { list-style: none; padding: 0; margin: 0; }
  li { padding: 2px 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  li button { font: 12px ui-monospace, monospace; cursor: pointer; }
  pre { background: #f5f5f5; padding: 8px; white-space: pre-wrap; }
</style>
</head>
<body>
<div id="bar"><input id="query" aria-label="Search" placeholder="Search the documents"><button id="search" type="button">Search</button></div>
<p id="status" role="status">Waiting for the results…</p>
<ul id="hits"></ul>
<pre id="document"></pre>
<script type="module">${SCRIPT}</script>
</body>
</html>
`;

/** The view of search_documents: its hits, a search box, and a hit's lines. */
export const SearchView = defineAppView({
  uri: 'ui://project/search',
  name: 'search-view',
  title: 'Search the documents',
  description: 'The lines search_documents found, to search again and open one.',
  html: HTML,
  prefersBorder: true,
});
