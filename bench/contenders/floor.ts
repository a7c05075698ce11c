// The floor: what no server can beat in-process. JSON.parse of the request, and JSON.stringify of
// the very answer this library gives (its id copied from the request, so that the parse is used).

import { ours } from './ours.js';
import type { Contender } from './types.js';

type Message = { id?: unknown };

export const floor: Contender = {
  label: 'floor: JSON.parse + JSON.stringify',
  how: "JSON.parse(request) → JSON.stringify(mcp-protocol-core's answer to it, built beforehand)",
  async prepare(workload) {
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
