// The worker of examples/workers/ serving the gated test server: bundled and started with workerd
// by test/workers.test.ts. Keep-alive comments every 100 ms: workerd learns that a client went
// away only when it writes to it.
import { mcpWorker } from '../../examples/workers/worker.js';
import { GatedServer } from '../gated-server.js';

export default mcpWorker(({ request }) => new GatedServer(request.signal), { keepAliveMs: 100 });
