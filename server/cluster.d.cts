/** Types of server/cluster.cjs, for the tests. */
export declare const SHUTDOWN_MS: number;
export declare function workerCount(value: string | undefined, available?: number): number;
export declare function slotEnv(slot: number): Record<string, string>;
export declare function runCluster(options: { workers: number; log?: (message: string) => void }): void;
