// The floor: what no server can beat in-process. JSON.parse of the request, and JSON.stringify of
// the very answer this library gives (its id copied from the request, so that the parse is used);
// for a streaming workload, each message of the stream stringified and framed as an SSE event.

import { ours, oursHttp } from './ours.js';
import type { Contender } from './types.js';

type Message = { id?: unknown };

// The messages of an SSE answer, in order.
function messagesOf(text: string): Message[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as Message);
}

export const floor: Contender = {
  label: 'floor: JSON.parse + JSON.stringify',
  how: "JSON.parse(request) → JSON.stringify(mcp-protocol-core's answer to it, built beforehand); for a stream, each message stringified as an SSE event",
  streams: true,
  async prepare(workload) {
    if (workload.stream !== undefined) {
      const messages = messagesOf((await (await oursHttp.prepare(workload))(workload.body)) ?? '');
      const response = messages.at(-1)!;
      return (request) => {
        response.id = (JSON.parse(request) as Message).id;
        let text = '';
        for (const message of messages)
          text += `event: message\ndata: ${JSON.stringify(message)}\n\n`;
        return text;
      };
    }
    const text = await (await ours.prepare(workload))(workload.body);
    const answer: Message | Message[] = JSON.parse(text ?? 'null');
    if (Array.isArray(answer)) {
      return (request) => {
        const messages: Message[] = JSON.parse(request);
        for (let i = 0; i < answer.length; i++) answer[i]!.id = messages[i]!.id;
        return JSON.stringify(answer);
      };
    }
    return (request) => {
      answer.id = (JSON.parse(request) as Message).id;
      return JSON.stringify(answer);
    };
  },
};
