import { coreId } from '@klinikita/domain/i18n/core.id';
import { en } from '@klinikita/domain/i18n/en';
import { id } from '@klinikita/domain/i18n/id';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueSection } from './i18n.ts';

// the test setup loads the whole catalogue into the app's instance; these tests start from the
// instance the app starts with, as the login page gets it
const freshI18n = () => import('./i18n.ts');
const featureSections = Object.keys(id).filter(
  (key) => !(key in coreId) && key !== 'web',
) as CatalogueSection[];

describe('catalogues loaded with their screens', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('starts with the shell words only, in Indonesian, and adds a section in the language on screen when loaded', async () => {
    const { i18n, loadCatalogues } = await freshI18n();
    expect(i18n.exists('web.login.title')).toBe(true);
    expect(i18n.exists('api.forbidden')).toBe(true);
    expect(Object.keys(i18n.getResourceBundle('id', 'translation')).sort()).toEqual(
      [...Object.keys(coreId), 'web'].sort(),
    );
    // the English shell is a chunk of its own, loaded when English is chosen
    expect(i18n.getResourceBundle('en', 'translation')).toBeUndefined();
    expect(i18n.exists('emr.search.title')).toBe(false);

    await loadCatalogues(['emr']);
    expect(i18n.t('emr.search.title', { lng: 'id' })).toBe(id.emr.search.title);
    // the English words of the section wait for a switch to English
    expect(i18n.getResourceBundle('en', 'translation')).toBeUndefined();
    expect(i18n.exists('letters.web.title')).toBe(false);
  });

  it('loads the other language of every section asked for so far before it switches', async () => {
    const { i18n, changeLocale, loadCatalogues } = await freshI18n();
    await loadCatalogues(['emr', 'letters']);
    try {
      await changeLocale('en');
      expect(i18n.language).toBe('en');
      expect(i18n.getResourceBundle('en', 'translation').emr).toEqual(en.emr);
      expect(i18n.getResourceBundle('en', 'translation').letters).toEqual(en.letters);
      expect(i18n.t('emr.search.title')).toBe(en.emr.search.title);
      // a screen opened in English loads its sections in English only
      await loadCatalogues(['drugs']);
      expect(i18n.t('drugs.title')).toBe(en.drugs.title);
      expect(i18n.getResourceBundle('id', 'translation').drugs).toBeUndefined();
    } finally {
      await changeLocale('id');
    }
    // and back: the Indonesian words of the section opened in English come in first
    expect(i18n.t('drugs.title')).toBe(id.drugs.title);
  });

  it('switches to English once the shell’s English words are in, and back', async () => {
    const { i18n, changeLocale, i18nReady } = await freshI18n();
    await i18nReady;
    expect(i18n.t('web.login.title')).toBe(id.web.login.title);
    try {
      await changeLocale('en');
      expect(i18n.language).toBe('en');
      expect(document.documentElement.lang).toBe('en');
      expect(i18n.t('web.login.title')).toBe(en.web.login.title);
      expect(i18n.t('api.forbidden')).toBe(en.api.forbidden);
      // a new start in English (the cookie) has the English shell before the first render
      vi.resetModules();
      const again = await freshI18n();
      await again.i18nReady;
      expect(again.i18n.language).toBe('en');
      expect(again.i18n.t('web.login.title')).toBe(en.web.login.title);
    } finally {
      await changeLocale('id');
    }
    expect(i18n.t('web.login.title')).toBe(id.web.login.title);
  });

  it('loads every section of the catalogue as the server knows it', async () => {
    const { i18n, loadCatalogues, changeLocale } = await freshI18n();
    await loadCatalogues(featureSections);
    expect(i18n.getResourceBundle('id', 'translation')).toEqual(id);
    await changeLocale('en');
    await changeLocale('id');
    expect(i18n.getResourceBundle('en', 'translation')).toEqual(en);
  });

  it("loads a screen's sections with its route, and not the other screens' words", async () => {
    const [{ i18n }, { PAGES }] = await Promise.all([freshI18n(), import('../../app/router.tsx')]);
    expect(i18n.exists('emr.search.title')).toBe(false);
    await PAGES['/EMR']();
    expect(i18n.exists('emr.search.title')).toBe(true);
    expect(i18n.exists('labQueue.today')).toBe(false);
    expect(i18n.exists('examination.finish.done')).toBe(false);

    await PAGES['/Lab/home-page-lab']();
    expect(i18n.exists('labQueue.today')).toBe(true);
  });
});
