import '@testing-library/jest-dom/vitest';
import { en } from '@klinikita/domain/i18n/en';
import { id } from '@klinikita/domain/i18n/id';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { i18n } from '../shared/i18n/i18n.ts';
import { sessionStore } from '../shared/session/session-store.ts';
import { wantToastHost } from '../shared/ui/toast-host.ts';

// the app loads the catalogue with the screens behind the login; components under test get it all
i18n.addResourceBundle('id', 'translation', id, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);
// and the toast container, which the app mounts with the first screen behind the login
wantToastHost();

// Mantine relies on browser APIs that jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
// Mantine's autosize Textarea listens for font loading
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
});

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0].trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
});

// The files of a worker share one module graph and one document (vitest.config.ts, isolate: false):
// what a file leaves in the globals, the toast store, the language, the session or the storages
// goes with it, and the next file starts as in a fresh window.
afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.clean();
  notifications.cleanQueue();
  sessionStore.signOut();
  if (sessionStore.getState().sidebarTrigger === false) sessionStore.toggleSidebar();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '';
  if (i18n.language !== 'id') await i18n.changeLanguage('id');
});

// lazily loaded screens are transformed on first import; under a full parallel run that can take
// longer than Testing Library's default second
configure({ asyncUtilTimeout: 5000 });
