// The memory bus keeps the contract of every bus (test/bus-contract.ts): one process, so its
// "processes" are one bus.
import { memoryBus } from '../src/index.js';
import { busContract } from './bus-contract.js';

busContract('memory', async () => {
  const bus = memoryBus();
  return {
    peers: async (count) => Array.from({ length: count }, () => bus),
    close: async () => {},
  };
});
