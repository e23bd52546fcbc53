import type { ComponentType } from 'react';
import { wantToastHost } from '../../shared/ui/toast-host.ts';
import { loadChunk } from '../chunk-reload.ts';
import { loadQueryClient } from '../query-layer.ts';

export type LazyComponent = () => Promise<{ Component: ComponentType }>;

/**
 * A lazily loaded screen: its chunk loads on first visit, together with the sections of the text
 * catalogue it names (`withCatalogues`), with the reload guard on failure. The login page
 * (`staff = false`) needs only the shell's words it starts with, and no query client.
 */
export const lazyComponent =
  <M>(importer: () => Promise<M>, pick: (module: M) => ComponentType, staff = true): LazyComponent =>
  async () => {
    if (!staff) return { Component: pick(await loadChunk(importer)) };
    // the screens behind the login raise toasts: their container mounts with them
    wantToastHost();
    const [module] = await Promise.all([loadChunk(importer), loadChunk(loadQueryClient)]);
    return { Component: pick(module) };
  };
