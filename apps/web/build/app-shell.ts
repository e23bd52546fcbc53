import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_ICONS, appIcons } from './app-icons.ts';

/**
 * The installable app shell: a service worker (Workbox, generateSW) that precaches the built app,
 * index.html, every route chunk, the styles and the icons, so a returning user opens it with no
 * script or style from the network and the shell still opens while the server is unreachable.
 *
 * It caches nothing else: API answers, the live event stream, /api/docs and uploads always go to
 * the network (no runtime caching), so no medical data lands on the disk of a shared PC.
 * A new release waits until the user presses "reload" (registerType 'prompt'; no skipWaiting or
 * clientsClaim), never swapping the code under a half-filled form (src/app/pwa/).
 */
export function appShell(): PluginOption[] {
  return [
    appIcons(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      // registered by the app itself (useRegisterSW), which shows the update notice
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: 'Klinikita',
        short_name: 'Klinikita',
        description: 'Sistem informasi klinik',
        lang: 'id',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#008373',
        background_color: '#ffffff',
        icons: [...APP_ICONS, { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        // the plugin adds the manifest and favicon itself; the icons are drawn at build time
        globPatterns: ['**/*.{js,css,html,woff,woff2}', 'icon-*.png'],
        // hashed file names change with their content: no revision needed
        dontCacheBustURLsMatching: /^assets\//,
        // every page of the app is index.html; the server's own paths are not pages of the app
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/logout(?:\/|$)/],
        runtimeCaching: [],
        // static routes (public/sw-routes.js): the API and the hashed assets skip the worker's script
        importScripts: ['sw-routes.js'],
        skipWaiting: false,
        clientsClaim: false,
        cleanupOutdatedCaches: true,
        // one file, served with no-cache beside index.html (the server's static headers)
        inlineWorkboxRuntime: true,
        sourcemap: false,
      },
    }),
  ];
}
