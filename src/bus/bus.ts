/**
 * The bus: what carries a message from the process that receives it to the processes that wait
 * for it (a change to the listeners of every replica, a client's answer to the process whose
 * method asked, a task's cancellation to the process running it). A small publish/subscribe
 * interface: {@link memoryBus} serves one process with no setup, `redisBus()` (the entry
 * `mcp-protocol-core/redis`) serves replicas. Nothing that arrives on a bus is trusted: whoever
 * can publish on it is not the server, so every message is checked as input by the part that
 * reads it.
 *
 * @module
 */

/** What stops one subscription: after it resolves, its receiver is called no more. */
export type Unsubscribe = () => Promise<void>;

/**
 * A publish/subscribe bus shared by every process of a server. Messages are strings (the parts
 * that use it write JSON) and channels are plain names; delivery is at most once, in the order
 * published for one channel, to the subscribers present when it arrives: a process that was not
 * subscribed misses it. Many subscriptions to one channel in one process share one subscription
 * of the transport, so that a channel's subscribers cost memory, not connections.
 *
 * @example
 * ```ts
 * const bus = memoryBus();
 * const stop = await bus.subscribe('greetings', (message) => console.log(message), console.error);
 * await bus.publish('greetings', 'hello'); // logs "hello"
 * await stop();
 * ```
 */
export interface Bus {
  /**
   * Send a message to every subscriber of a channel, in every process.
   *
   * @param channel - The channel's name.
   * @param message - The message.
   * @returns A promise that resolves once the transport took the message, and rejects when it
   * could not (the transport is down): the message is then lost, and the caller is told.
   */
  publish(channel: string, message: string): Promise<void>;

  /**
   * Receive the messages of a channel.
   *
   * @param channel - The channel's name.
   * @param receive - Called with each message, synchronously as it arrives; what it throws is
   * the bus's to log, never the publisher's.
   * @param lost - Called once when the subscription stops delivering (the transport's connection
   * dropped): messages may have been missed, and none will arrive through this subscription any
   * more. Whoever subscribed decides what that means (a listener is told and closed).
   * @returns What stops the subscription, once the transport subscribed: messages published
   * after it resolves are received.
   */
  subscribe(
    channel: string,
    receive: (message: string) => void,
    lost: (error: Error) => void,
  ): Promise<Unsubscribe>;
}
