/** Declarations of db-listen.cjs (CommonJS, so that server/shared-cache-tags.cjs can require it). */

export interface ChannelListenerOptions {
  connectionString: string;
  /** A plain lower-case name (LISTEN takes no parameter). */
  channel: string;
  /** Each notification's payload on the channel. */
  onNotification: (payload: string | undefined) => void;
  /** After a reconnect: notifications sent meanwhile were lost, read again what they stand for. */
  onReconnect?: () => unknown;
  /** First and longest wait before reconnecting; 500 ms to 30 s unless told. */
  backoffMs?: { min: number; max: number };
  /** How long a connection attempt may take; pg's default (none) unless told. */
  connectTimeoutMs?: number;
  /** The open connection does not keep the process alive (a script, a test worker). */
  unref?: boolean;
  /** Where failures are reported; console.error unless told. */
  log?: (message: string, error?: unknown) => void;
}

export declare class ChannelListener {
  constructor(options: ChannelListenerOptions);
  /** Whether the connection is open and listening now. */
  readonly listening: boolean;
  /** Connects and LISTENs once; resolves when listening or when the attempt failed (then retried). */
  listen(): Promise<void>;
  /** Stops listening for good: no reconnect after this. */
  close(): Promise<void>;
}
