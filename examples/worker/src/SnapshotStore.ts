/** The slice of the Workers KV API the worker uses. */
export interface SnapshotStore {
  get(key: string, type: 'arrayBuffer'): Promise<ArrayBuffer | null>;
}
