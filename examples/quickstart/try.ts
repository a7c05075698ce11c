import { TestClient } from 'mcp-protocol-core/testing';
import { GreetServer } from './server.js';

// What a client sees, through JSON both ways, without a network.
const client = new TestClient(() => new GreetServer());
console.log(JSON.stringify(await client.callTool('greet', { name: 'Ada' })));
//=> {"content":[{"type":"text","text":"Hello, Ada!"}]}
console.log(JSON.stringify(await client.callTool('greet', { name: '' })));
//=> {"content":[{"type":"text","text":"invalid arguments for greet: name: must NOT have fewer than 1 characters"}],"isError":true}
