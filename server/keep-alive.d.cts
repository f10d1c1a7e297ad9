/** Types of server/keep-alive.cjs for the tests. */
import type { Server } from "node:http";

export declare const KEEP_ALIVE_TIMEOUT_MS: number;
export declare const HEADERS_TIMEOUT_MS: number;
export declare function applyKeepAlive<T extends Server>(server: T): T;
