"use client";

import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { browserTransport, UploadEngine, type UploadItem } from "@/components/uploads/upload-engine";

interface UploadState {
  engine: UploadEngine;
  items: UploadItem[];
  version: number;
}

const UploadContext = createContext<UploadState | null>(null);

function localStore() {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * One upload engine for a section of the admin (content screens), so uploads keep going
 * while the user moves from "new gallery" to its edit screen.
 */
export function UploadProvider({ children }: { children: ReactNode }) {
  const [engine] = useState(() => new UploadEngine({ transport: browserTransport, storage: localStore() }));
  const version = useEngineVersion(engine);
  const value = useMemo(() => ({ engine, items: engine.items(), version }), [engine, version]);

  // Leaving the page mid-upload loses the progress of parts in flight: ask first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (engine.progress().active) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [engine]);

  return <UploadContext.Provider value={value}>{children}</UploadContext.Provider>;
}

/** Re-renders on every engine change. */
export function useEngineVersion(engine: UploadEngine): number {
  const [store] = useState(() => {
    let version = 0;
    const listeners = new Set<() => void>();
    engine.setListener(() => {
      version++;
      for (const l of listeners) l();
    });
    return {
      subscribe: (l: () => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      get: () => version,
    };
  });
  return useSyncExternalStore(store.subscribe, store.get, () => 0);
}

export function useUploads(): UploadState {
  const value = useContext(UploadContext);
  if (!value) throw new Error("useUploads needs an <UploadProvider>");
  return value;
}
