// The Bun adapter serving the gated test server: started by test/adapters.test.ts.
import { createFetchHandler } from 'mcp-protocol-core/http';
import { serve } from '../../examples/adapters/bun.js';
import { GatedServer } from '../gated-server.js';

serve(createFetchHandler(({ request }) => new GatedServer(request.signal)));
